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
import { watchRequests } from '@/protocol/mars/mars-watch';
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

describe('mars: one view of a run, starter and watcher alike', () => {
  const TS = '2026-04-22T14:00:00Z';
  const wire = (event_type: string, data: Record<string, unknown>) => ({ event_type, timestamp: TS, run_id: 'task-1', data });
  const read = () => createFrameReader(marsDialect, 'task-1');
  const eventsOf = (result: ReturnType<ReturnType<typeof read>>) => (result.kind === 'events' ? result.events : []);
  const DAG = {
    run_id: 'db-1',
    nodes: [
      { id: 'planning', label: 'Planning Phase', type: 'planning', status: 'running', agent: 'planner', step_number: 0 },
      { id: 'step_1', label: 'Step 1: Fit a linear model', type: 'agent', status: 'pending', agent: 'engineer', step_number: 1 },
    ],
    edges: [{ source: 'planning', target: 'step_1' }],
  };

  it('a one-shot run has no planning chapter', () => {
    const events = eventsOf(read()(wire('workflow_started', { run_id: 'db-1', task_description: 'Add 2 and 2', mode: 'one-shot', agent: 'engineer', model: 'gpt-4o' })));
    expect(events.filter((e) => e.type === 'chapter.started').map((e) => e.type === 'chapter.started' && e.chapterKey)).toEqual(['execution']);
  });

  it('keeps the DAG\'s label when a step starts (the watcher reads only the DAG)', () => {
    const decode = read();
    decode(wire('dag_created', DAG));
    const started = eventsOf(decode(wire('step_start', { step_number: 1, goal: 'Fit a linear model', description: 'Fit a linear model' })));
    const node = started.find((e) => e.type === 'node.started');
    expect(node).toMatchObject({ nodeId: 'step_1' });
    expect(node).not.toHaveProperty('label');
  });

  it('files a cost that arrives after its phase ended under the node that just finished', () => {
    const decode = read();
    decode(wire('dag_created', DAG));
    decode(wire('dag_node_status_changed', { node_id: 'planning', old_status: 'running', new_status: 'completed' }));
    const [cost] = eventsOf(decode(wire('cost_update', { run_id: 'db-1', agent: 'planner', model: 'gpt-4.1', tokens: 1500, input_tokens: 1200, output_tokens: 300, cost_usd: 0.0042, total_cost_usd: 0.0042 })));
    expect(cost).toMatchObject({ type: 'cost.recorded', nodeId: 'planning', micros: 4200 });
  });

  it('a watcher files the cost that grew between two polls under the node that just finished; what it found first, under the run', () => {
    const decode = read();
    const reply = (path: string, body: unknown) => ({ reply: { method: 'GET' as const, path, status: 200 }, body });
    const costs = (usd: number, prompt: number) => reply('/api/runs/task-1/costs', { run_id: 'task-1', total_cost_usd: usd, total_tokens: prompt, total_prompt_tokens: prompt, total_completion_tokens: 0, record_count: 1 });
    decode(reply('/api/runs/task-1/dag', { run_id: 'task-1', nodes: DAG.nodes, edges: DAG.edges }));
    const [first] = eventsOf(decode(costs(0.001, 100)));
    expect(first).toMatchObject({ type: 'cost.recorded', micros: 1000 });
    expect(first).not.toHaveProperty('nodeId');
    decode(reply('/api/runs/task-1/dag', { run_id: 'task-1', nodes: [{ ...DAG.nodes[0], status: 'completed' }, DAG.nodes[1]], edges: DAG.edges }));
    const [grown] = eventsOf(decode(costs(0.005, 600)));
    expect(grown).toMatchObject({ type: 'cost.recorded', micros: 4000, nodeId: 'planning' });
  });
});

describe('mars: a console log that is not there yet', () => {
  it('is "not yet": no error, no row, and asked again less and less often until it exists', () => {
    // locate + the interpreter, keeping the memo each reply writes (as a live session does).
    const interpret = marsDialect.createInterpreter({ runId: 'task-1' });
    const read = (frame: unknown) => {
      const location = marsDialect.locate(frame, { runId: 'task-1', connection: 0 });
      if (location.kind === 'rejected' || !location.placements[0]) throw new Error('not placed');
      return interpret(location.placements[0]);
    };
    const memo: Record<string, unknown> = {};
    const reply = (path: string, status: number, body: unknown) => ({ reply: { method: 'GET' as const, path, status }, body });
    const round = () => {
      const paths = watchRequests('/api/runs/task-1', memo);
      for (const path of paths) {
        const result = path.includes('console-log')
          ? read(reply(path, 404, { detail: 'Console log not found for run task-1' }))
          : path.endsWith('/dag') ? read(reply(path, 200, { run_id: 'task-1', nodes: [], edges: [] })) : { kind: 'events' as const, events: [], memo: undefined };
        if (result.kind !== 'events') throw new Error(result.reason);
        expect(result.events.filter((e) => e.type === 'log' || e.type === 'raw')).toEqual([]);
        if (result.memo) Object.assign(memo, result.memo);
      }
      return paths.some((p) => p.includes('console-log'));
    };
    const asked = Array.from({ length: 16 }, round);
    // Asked at rounds 1, 3, 6, 11, 16: waits of 1, 2, 4, 4 rounds.
    expect(asked.flatMap((a, i) => (a ? [i + 1] : []))).toEqual([1, 3, 6, 11, 16]);
  });
});
