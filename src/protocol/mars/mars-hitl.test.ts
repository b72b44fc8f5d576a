/**
 * A hitl-interactive run's approvals as the real server sends them
 * (tests/fixtures/mars/hitl-approvals.json, sources per frame): the planning review names a
 * step that is no DAG node (`hitl_planning_iter_1`), so the gate is the run's; a control
 * step's approval (`hitl_control_step_1`) is step 1's; `approval_received` names no step and
 * still closes the gate where it opened.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { marsDialect } from '@/protocol/mars/mars-dialect';
import { createFrameReader } from '@/protocol/read-frame';
import type { RunEvent } from '@/protocol/run-event';

type Entry = { shape: string; source: string; frame: Record<string, unknown> };
const fixture = JSON.parse(readFileSync(fileURLToPath(new URL('../../../tests/fixtures/mars/hitl-approvals.json', import.meta.url)), 'utf8')) as { task_id: string; frames: Entry[] };

function readAll(): RunEvent[][] {
  const read = createFrameReader(marsDialect, fixture.task_id);
  return fixture.frames.map((entry) => {
    const result = read(entry.frame);
    if (result.kind !== 'events') throw new Error(`${entry.shape}: ${result.reason}`);
    return result.events;
  });
}

const gatesOf = (events: readonly RunEvent[]) => events.filter((e) => e.type === 'gate.opened' || e.type === 'gate.resolved');

describe('mars HITL approvals', () => {
  const byFrame = readAll();

  it('keeps a planning review on the run: no node is made up for its step name', () => {
    const [opened] = gatesOf(byFrame[2] ?? []);
    expect(opened).toMatchObject({ type: 'gate.opened', gateId: '0b7c1f7e-3c3e-4a8e-9d51-5d1f2a6b7c80', options: [{ value: 'approve' }, { value: 'reject' }, { value: 'revise' }, { value: 'modify' }] });
    expect(opened).not.toHaveProperty('nodeId');
    const nodeIds = byFrame.flat().flatMap((e) => ('nodeId' in e && typeof e.nodeId === 'string' ? [e.nodeId] : []));
    expect(nodeIds).not.toContain('hitl_planning_iter_1');
  });

  it('keeps the description whole, newlines and Markdown included', () => {
    const [opened] = gatesOf(byFrame[2] ?? []);
    expect(opened?.type === 'gate.opened' && opened.message).toMatch(/^Planning iteration 1 complete\.\n\n## Generated Plan:\n/);
  });

  it('puts a control step approval on that step and closes each gate where it opened', () => {
    const [resolvedPlan] = gatesOf(byFrame[3] ?? []);
    expect(resolvedPlan).toMatchObject({ type: 'gate.resolved', gateId: '0b7c1f7e-3c3e-4a8e-9d51-5d1f2a6b7c80', decision: 'approved' });
    expect(resolvedPlan).not.toHaveProperty('nodeId');
    const [openedStep] = gatesOf(byFrame[7] ?? []);
    expect(openedStep).toMatchObject({ type: 'gate.opened', nodeId: 'step_1', options: [{ value: 'approve' }, { value: 'reject' }, { value: 'skip' }] });
    const [resolvedStep] = gatesOf(byFrame[8] ?? []);
    expect(resolvedStep).toMatchObject({ type: 'gate.resolved', nodeId: 'step_1', decision: 'approved' });
  });
});
