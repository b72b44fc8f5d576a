/**
 * The bulk of a MARS stream (`output`, `agent_message`, the DAG re-sent whole) read by the
 * reader derived from MarsEventSchema (derive-reader.ts) must give the frame zod gives, and
 * refuse every frame zod refuses, so a bad frame is still rejected with the path of its bad field.
 */
import { describe, expect, it } from 'vitest';

import { marsDialect } from '@/protocol/mars/mars-dialect';
import { applyDag, type DagNodeIn } from '@/protocol/mars/mars-dag';
import { createMarsState } from '@/protocol/mars/mars-state';
import { MarsEventSchema } from '@/protocol/mars/mars-schemas';
import { createFrameReader } from '@/protocol/read-frame';
import { fastReader } from '@/protocol/derive-reader';

const read = (frame: unknown) => createFrameReader(marsDialect, 'run-1')(frame);
const derived = fastReader(MarsEventSchema);

const message = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  event_type: 'agent_message',
  timestamp: '2026-01-16T10:00:00Z',
  run_id: 'run-1',
  data: { agent: 'engineer', message: 'Analyzing', role: 'assistant', ...data },
  ...extra,
});

describe('mars agent_message, derived reader', () => {
  const good: [string, unknown][] = [
    ['full', message({ step_id: 's-1', step_number: 1 })],
    ['no step', message({})],
    ['Python None everywhere', message({ step_id: null, step_number: null, agent: null, role: null }, { timestamp: null, run_id: null, session_id: null })],
    ['session only', message({}, { run_id: undefined, session_id: 'abc' })],
    ['step 0', message({ step_number: 0 })],
  ];
  it.each(good)('accepts %s as the schema does', (_, frame) => {
    const derivedFrame = derived(frame);
    expect(derivedFrame).toBeDefined();
    expect(derivedFrame).toEqual(MarsEventSchema.parse(frame));
  });

  it('reads a frame with extra fields the same as without them', () => {
    const plain = read(message({ step_number: 2 }));
    const extra = read(message({ step_number: 2, tokens: 5 }, { meta: { x: 1 } }));
    expect(extra.kind).toBe('events');
    expect(extra.kind === 'events' && plain.kind === 'events' ? extra.events : 'x').toEqual(plain.kind === 'events' ? plain.events : 'y');
  });

  const bad: [string, unknown, string][] = [
    ['message not a string', message({ message: 42 }), 'message'],
    ['no data', { event_type: 'agent_message', timestamp: 'x' }, 'message'],
    ['negative step number', message({ step_number: -1 }), 'step_number'],
    ['fractional step number', message({ step_number: 1.5 }), 'step_number'],
    ['run_id a number', message({}, { run_id: 7 }), 'run_id'],
    ['agent an object', message({ agent: {} }), 'agent'],
  ];
  it.each(bad)('rejects %s with the path of the bad field', (_, frame, path) => {
    expect(derived(frame)).toBeUndefined();
    const result = read(frame);
    expect(result.kind).toBe('rejected');
    expect(result.kind === 'rejected' ? result.reason : '').toContain(path);
  });
});

const output = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  event_type: 'output',
  timestamp: '2026-04-22T13:07:58.123456Z',
  run_id: 'task-1',
  session_id: 'sess-1',
  data: { message: '📋 Task: fit a model', ...data },
  ...extra,
});

describe('mars output, derived reader', () => {
  const good: [string, unknown][] = [
    ['plain', output({})],
    ['isolated source', output({ source: 'stdout' })],
    ['Python None envelope', output({ source: null }, { timestamp: null, run_id: null, session_id: null })],
    ['AG2 content: agent_message in the isolated form', message({ message: undefined, content: 'hi' })],
  ];
  it.each(good)('accepts %s as the schema does', (_, frame) => {
    const derivedFrame = derived(frame);
    expect(derivedFrame).toBeDefined();
    expect(derivedFrame).toEqual(MarsEventSchema.parse(frame));
  });

  const bad: [string, unknown, string][] = [
    ['message not a string', output({ message: ['a'] }), 'message'],
    ['no message', output({ message: undefined }), 'message'],
    ['source a number', output({ source: 3 }), 'source'],
    ['timestamp a number', output({}, { timestamp: 17 }), 'timestamp'],
  ];
  it.each(bad)('rejects %s with the path of the bad field', (_, frame, path) => {
    expect(derived(frame)).toBeUndefined();
    const result = read(frame);
    expect(result.kind).toBe('rejected');
    expect(result.kind === 'rejected' ? result.reason : '').toContain(path);
  });
});

const dag = (nodes: unknown, extra: Record<string, unknown> = {}) => ({
  event_type: 'dag_updated',
  timestamp: '2026-04-22T13:07:10.123456Z',
  run_id: 'db-run',
  data: { run_id: 'db-run', nodes, edges: [{ source: 'planning', target: 'step_1' }], ...extra },
});
const NODE = { id: 'step_1', label: 'Step 1: Fit', type: 'agent', agent: 'engineer', status: 'running', step_number: 1, description: 'Fit', bullet_points: [] };

describe('mars DAG, derived reader', () => {
  const good: [string, unknown][] = [
    ['real nodes', dag([{ ...NODE, id: 'planning', step_number: 0, status: 'completed' }, NODE])],
    ['Python None fields', dag([{ ...NODE, label: null, agent: null, step_number: null, description: null, error: null }])],
    ['a branch point (step -1)', dag([{ id: 'branch_at_step_1', type: 'branch_point', label: 'Branch Point', status: 'completed', step_number: -1 }])],
    ['REST-style stepNumber, no edges', dag([{ id: 'step_1', stepNumber: 2, status: 'pending' }], { edges: null, levels: 3 })],
  ];
  /** The DAG a checked frame carries, whichever path checked it. */
  const dagOf = (event: unknown) => (event as { data: { nodes: DagNodeIn[]; edges: { source: string; target: string }[] } }).data;
  it.each(good)('reads %s into the events the schema path gives', (_, frame) => {
    const derivedFrame = derived(frame);
    expect(derivedFrame).toEqual(MarsEventSchema.parse(frame));
    const viaSchema = dagOf(MarsEventSchema.parse(frame));
    expect(applyDag(createMarsState('r'), dagOf(derivedFrame).nodes, dagOf(derivedFrame).edges)).toEqual(applyDag(createMarsState('r'), viaSchema.nodes, viaSchema.edges));
  });

  const bad: [string, unknown, string][] = [
    ['a node without an id', dag([{ label: 'x' }]), 'id'],
    ['a fractional step number', dag([{ ...NODE, step_number: 1.5 }]), 'step_number'],
    ['a status that is a number', dag([{ ...NODE, status: 3 }]), 'status'],
    ['nodes not a list', dag('x'), 'nodes'],
    // eslint-disable-next-line no-sparse-arrays -- a hole in a list, as a hostile JSON producer can send
    ['a hole in the nodes', dag([NODE, , NODE]), 'nodes'],
    ['an edge without a target', { ...dag([NODE]), data: { nodes: [NODE], edges: [{ source: 'a' }] } }, 'target'],
  ];
  it.each(bad)('leaves %s to the schema, which names the path', (_, frame, path) => {
    expect(derived(frame)).toBeUndefined();
    const result = read(frame);
    expect(result.kind).toBe('rejected');
    expect(result.kind === 'rejected' ? result.reason : '').toContain(path);
  });
});
