import { expect, test } from 'vitest';

import { unsafeEventReason } from '@/ingest/guard-events';
import { DIALECTS } from '@/protocol/dialects';

import { createPipeline } from '../../tests/fuzz/pipeline-invariants';
import { nodeRecord } from '@/stores/node-map';

test('ids named after Object.prototype members are refused with a reason', () => {
  expect(unsafeEventReason([{ type: 'node.started', nodeId: 'constructor' } as never])).toMatch(/reserved/);
  expect(unsafeEventReason([{ type: 'graph.defined', nodes: [{ id: '__proto__', label: 'x' }], edges: [] } as never])).toMatch(/__proto__/);
  expect(unsafeEventReason([{ type: 'node.started', nodeId: 'constructor-step' } as never])).toBeUndefined();
});

test('every id field is checked, against every Object.prototype name', () => {
  const names = [...Object.getOwnPropertyNames(Object.prototype), '__proto__'];
  const shapes = [
    (id: string) => ({ type: 'node.output', nodeId: id, delta: 'x' }),
    (id: string) => ({ type: 'gate.opened', gateId: id, kind: 'approval', title: 't' }),
    (id: string) => ({ type: 'chapter.started', chapterId: id, title: 't' }),
    (id: string) => ({ type: 'tool.called', nodeId: 'n1', callId: id, tool: 't' }),
    (id: string) => ({ type: 'graph.defined', nodes: [{ id: 'n1', label: 'n', group: id }], edges: [] }),
    (id: string) => ({ type: 'graph.defined', nodes: [], edges: [{ source: 'n1', target: id }] }),
  ];
  for (const shape of shapes) {
    for (const name of names) expect(unsafeEventReason([shape(name) as never]), `${name} in ${JSON.stringify(shape('x'))}`).toMatch(/reserved/);
    expect(unsafeEventReason([shape('step-1') as never])).toBeUndefined();
  }
});

test('costs that are not safe whole micro-units are refused', () => {
  expect(unsafeEventReason([{ type: 'cost.recorded', micros: 3.5e140, currency: 'USD' } as never])).toMatch(/out of range|whole number/);
  expect(unsafeEventReason([{ type: 'cost.recorded', micros: 1.5, currency: 'USD' } as never])).toMatch(/whole number/);
  expect(unsafeEventReason([{ type: 'cost.recorded', micros: 4500, inputTokens: 10, currency: 'USD' } as never])).toBeUndefined();
});

test('a relavium node called "constructor" is listed in the diagnostics and the stream goes on', () => {
  const p = createPipeline(DIALECTS.relavium);
  const frame = (sequenceNumber: number, nodeId: string) => ({ data: { type: 'node:started', runId: 'r', timestamp: '2026-01-01T00:00:00Z', sequenceNumber, nodeId, nodeType: 'agent' } });
  p.receive(frame(0, 'plan'));
  p.receive(frame(1, 'constructor'));
  p.flush();
  const state = p.run.getState();
  expect(state.issues.map((issue) => issue.reason)).toEqual([expect.stringMatching(/"constructor" is a reserved name/)]);
  expect(Object.keys(nodeRecord(p.nodeStatus.getState().byId))).toEqual(['plan']);
});
