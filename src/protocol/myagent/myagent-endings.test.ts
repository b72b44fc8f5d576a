/**
 * Every way the real myagent server ends a run ends it here too, with the right status
 * (upstream myagent/ws/session.py, plan_solver.py; frames shaped as the server builds them,
 * see tests/fixtures/myagent/SOURCE.txt), and tool events keep their name, arguments and failure.
 */
import { describe, expect, test } from 'vitest';

import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import { createFrameReader, type ReadResult } from '@/protocol/read-frame';
import type { RunEvent } from '@/protocol/run-event';

let seq = 0;
const frame = (event: string, body: Record<string, unknown> = {}) => ({ event, timestamp: '2025-10-18T17:50:09.123456', session_id: 'S', ...body, seq: ++seq, event_id: `C-${seq}` });
const eventsOf = (result: ReadResult): RunEvent[] => (result.kind === 'events' ? result.events : []);

function read(...frames: unknown[]): RunEvent[] {
  const reader = createFrameReader(myagentDialect, 'S');
  return frames.flatMap((f) => eventsOf(reader(f)));
}

/** Our own outbound command, as the session hands it to the interpreter (readsOwnCommands). */
function own(message: Record<string, unknown>) {
  return { body: { via: 'socket', message }, outbound: true } as const;
}

const terminal = (events: RunEvent[]) => events.filter((e) => e.type === 'run.completed' || e.type === 'run.failed' || e.type === 'run.cancelled');

describe('myagent: every way a run ends', () => {
  test("a plain agent's final answer completes the run with the answer", () => {
    const events = read(frame('agent.partial_answer', { content: 'Paris ' }), frame('agent.final_answer', { content: 'Paris is the capital.' }));
    expect(terminal(events)).toEqual([expect.objectContaining({ type: 'run.completed', output: 'Paris is the capital.' })]);
  });

  test('pipeline.completed ends it; the final answer after it only repeats the summary', () => {
    const events = read(frame('pipeline.completed', { content: { aggregate_output: 'deck' }, metadata: {} }), frame('agent.final_answer', { content: 'Plan & Solve pipeline completed.' }));
    expect(terminal(events).map((e) => e.type)).toEqual(['run.completed']);
  });

  test('a plan nobody answered: the server declines it when its wait ends; the gate reads timed out and the reason says nobody answered', () => {
    const events = read(
      frame('agent.user_confirm', { step_id: 'confirm_plan_1a2b3c4d', content: 'Confirm plan before solving', metadata: { requires_confirmation: true, scope: 'plan', plan_summary: 'Three slides', tasks: [] } }),
      frame('agent.final_answer', { content: 'Plan was declined by user.' }),
    );
    expect(events).toContainEqual(expect.objectContaining({ type: 'gate.resolved', gateId: 'confirm_plan_1a2b3c4d', decision: 'rejected', cause: 'timeout' }));
    expect(terminal(events)).toEqual([expect.objectContaining({ type: 'run.cancelled', reason: expect.stringMatching(/^Nobody answered the plan confirmation within the server's wait/) })]);
  });

  test('a plan declined from here: the gate reads rejected by the reviewer and the run ends cancelled in the server words', () => {
    const reader = createFrameReader(myagentDialect, 'S');
    const events = [
      ...eventsOf(reader(frame('agent.user_confirm', { step_id: 'confirm_plan_1a2b3c4d', content: 'Confirm plan before solving', metadata: { scope: 'plan', tasks: [] } }))),
      ...reader.outbound(own({ event: 'user.response', session_id: 'S', step_id: 'confirm_plan_1a2b3c4d', content: { confirmed: false, approved: false } }).body),
      ...eventsOf(reader(frame('agent.final_answer', { content: 'Plan was declined by user.' }))),
    ];
    expect(events.filter((e) => e.type === 'gate.resolved')).toEqual([expect.objectContaining({ decision: 'rejected', cause: 'decision' })]);
    expect(terminal(events)).toEqual([expect.objectContaining({ type: 'run.cancelled', reason: 'Plan was declined by user.' })]);
  });

  test('our own answer resolves the gate as we answered: an approved plan stays approved when the run completes', () => {
    const reader = createFrameReader(myagentDialect, 'S');
    const events = [
      ...eventsOf(reader(frame('agent.user_confirm', { step_id: 'confirm_plan_1a2b3c4d', content: 'Confirm plan before solving', metadata: { requires_confirmation: true, scope: 'plan', plan_summary: 'Three slides', tasks: [] } }))),
      ...reader.outbound(own({ event: 'user.response', session_id: 'S', step_id: 'confirm_plan_1a2b3c4d', content: { confirmed: true, approved: true }, metadata: { decided_by: 'alice' } }).body),
      ...eventsOf(reader(frame('pipeline.completed', { content: { aggregate_output: 'deck' }, metadata: {} }))),
    ];
    const resolved = events.filter((e) => e.type === 'gate.resolved');
    expect(resolved).toEqual([expect.objectContaining({ gateId: 'confirm_plan_1a2b3c4d', decision: 'approved', decidedBy: 'alice', cause: 'decision' })]);
    expect(terminal(events).map((e) => e.type)).toEqual(['run.completed']);
  });

  test('our own "no" to a tool confirmation resolves it rejected, once', () => {
    const reader = createFrameReader(myagentDialect, 'S');
    const events = [
      ...eventsOf(reader(frame('agent.user_confirm', { step_id: 'confirm_1a2b3c4d_search', content: 'Confirm tool execution: search', metadata: { tool_name: 'search', tool_args: {}, requires_confirmation: true } }))),
      ...reader.outbound(own({ event: 'user.response', session_id: 'S', step_id: 'confirm_1a2b3c4d_search', content: { confirmed: false, approved: false }, metadata: { decided_by: 'bob' } }).body),
      ...eventsOf(reader(frame('agent.final_answer', { content: 'Done without searching.' }))),
    ];
    expect(events.filter((e) => e.type === 'gate.resolved')).toEqual([expect.objectContaining({ decision: 'rejected', decidedBy: 'bob' })]);
  });

  test('a plan confirmation carries the 600 s the shipped servers wait before declining, as an estimate (the frame states none)', () => {
    const [gate] = read(frame('agent.user_confirm', { step_id: 'c', content: 'Confirm plan before solving', metadata: { requires_confirmation: true, scope: 'plan', tasks: [] } }));
    expect(gate).toMatchObject({ type: 'gate.opened', onTimeout: 'myagent declines the plan and ends the run', deadlineEstimated: true });
    expect(gate?.type === 'gate.opened' && gate.deadlineAtMs! - Date.parse('2025-10-18T17:50:09.123')).toBe(600_000);
  });

  test('a timeout_seconds the frame does state is the deadline, not an estimate', () => {
    const [gate] = read(frame('agent.user_confirm', { step_id: 'c', content: 'Confirm', metadata: { scope: 'plan', timeout_seconds: 90 } }));
    expect(gate?.type === 'gate.opened' && [gate.deadlineAtMs! - Date.parse('2025-10-18T17:50:09.123'), gate.deadlineEstimated]).toEqual([90_000, undefined]);
  });

  test('invalid edited tasks end it failed', () => {
    const events = read(frame('plan.coercion_error', { content: { message: 'Failed to coerce edited tasks; aborting.', error: 'x' } }), frame('agent.final_answer', { content: 'Plan confirmation contained invalid tasks: bad id' }));
    expect(terminal(events)).toEqual([expect.objectContaining({ type: 'run.failed', error: { message: 'Plan confirmation contained invalid tasks: bad id' } })]);
  });

  test('user.cancel ends it with agent.interrupted: cancelled', () => {
    expect(terminal(read(frame('agent.interrupted', { content: 'Execution cancelled' })))).toEqual([expect.objectContaining({ type: 'run.cancelled', reason: 'Execution cancelled' })]);
  });

  test('a fatal "Execution error" after the retries ends it failed, and the running task fails with it; a busy error does not', () => {
    const events = read(
      frame('solver.start', { content: { task: { id: 't1', title: 'Write' } } }),
      frame('system.notice', { content: 'Attempt 1/3 failed. Retrying attempt 2/3.', metadata: { attempt: 1, total_attempts: 3 } }),
      frame('agent.error', { content: 'Agent is currently running, please try again later' }),
      frame('agent.error', { content: 'Execution error: model overloaded' }),
    );
    expect(terminal(events)).toEqual([expect.objectContaining({ type: 'run.failed', error: { message: 'Execution error: model overloaded' } })]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'node.failed', nodeId: 't1' }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'log', level: 'warn', message: 'Attempt 1/3 failed. Retrying attempt 2/3.' }));
  });

  test('user.solve_tasks: the tasks it named are the graph, and the run ends once each has finished', () => {
    const reader = createFrameReader(myagentDialect, 'S');
    const interpret = myagentDialect.createInterpreter({ runId: 'S' });
    const first = interpret(own({ event: 'user.solve_tasks', session_id: 'S', content: { tasks: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] } }));
    expect(first.kind === 'events' && first.events.find((e) => e.type === 'graph.defined')).toMatchObject({ nodes: [{ id: 'a' }, { id: 'b' }] });
    const done = (id: string) => interpret({ body: frame('solver.completed', { content: { task: { id }, result: { output: 'ok' } } }) });
    expect(terminal(eventsOf(reader(frame('solver.start', { content: { task: { id: 'a' } } }))))).toEqual([]);
    expect(terminal(done('a').kind === 'events' ? (done('a') as { events: RunEvent[] }).events : [])).toEqual([]);
    const last = done('b');
    expect(terminal(last.kind === 'events' ? last.events : [])).toEqual([expect.objectContaining({ type: 'run.completed' })]);
  });

  test('after our own reconnect_with_state, the end of the replay ends the run the disconnect cancelled, saying why', () => {
    const interpret = myagentDialect.createInterpreter({ runId: 'S' });
    interpret({ body: frame('solver.start', { content: { task: { id: 't1' } } }) });
    interpret(own({ event: 'user.reconnect_with_state', signed_state: '[redacted]', content: { last_seq: 3 } }));
    const result = interpret({ body: frame('system.notice', { content: 'Replay completed', metadata: { action: 'replay', replayed: 0 } }) });
    const events = result.kind === 'events' ? result.events : [];
    expect(terminal(events)).toEqual([expect.objectContaining({ type: 'run.cancelled', reason: expect.stringContaining('cancels a session') })]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'node.cancelled', nodeId: 't1' }));
  });
});

describe('myagent: tool events as the real server sends them', () => {
  test('a call keeps its name and arguments; a failed result is not ok and keeps the error', () => {
    const events = read(
      frame('agent.tool_call', { step_id: 'step_3_web_search', content: 'Calling tool: web_search', metadata: { tool: 'web_search', args: { query: 'x' }, status: 'running' } }),
      frame('agent.tool_result', { step_id: 'step_3_web_search', content: 'timeout', metadata: { tool: 'web_search', status: 'failed', error: 'upstream timed out' } }),
    );
    expect(events).toContainEqual(expect.objectContaining({ type: 'tool.called', tool: 'web_search', args: { query: 'x' }, callId: 'step_3_web_search' }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'tool.result', tool: 'web_search', ok: false, callId: 'step_3_web_search', result: expect.objectContaining({ error: 'upstream timed out' }) }));
  });
});
