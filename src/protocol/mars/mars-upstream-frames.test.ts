/**
 * Frames in the shapes the real MARS server builds them (tests/fixtures/mars/, each with
 * the upstream file:line it was read from): every socket type decodes to canonical events
 * (no raw rows, nothing rejected), costs add up across cost files, a cancel ends cancelled,
 * and the REST answers a watching session reads apply nothing twice.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import type { HttpReplyFrame, Interpretation } from '@/protocol/dialect';
import { marsDialect } from '@/protocol/mars/mars-dialect';
import { RunEventSchema, type RunEvent } from '@/protocol/run-event';
import { emptyNodeMap, nodeRecord } from '@/stores/node-map';
import { reduceNodeStatus } from '@/stores/reduce-node-status';

type Entry = { shape: string; source: string; frame: Record<string, unknown> };
const fixture = <T>(name: string): T => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../tests/fixtures/mars/${name}`, import.meta.url)), 'utf8')) as T;
const run = fixture<{ task_id: string; expect: { micros: number; tokens: number; unsplit: number }; frames: Entry[] }>('socket-run.json');
const endings = fixture<{ task_id: string; cancel: Entry[]; failure: Entry[] }>('socket-endings.json');
const rest = fixture<{ task_id: string; session_id: string; first: Record<string, unknown>; second: Record<string, unknown> }>('rest-replies.json');

/** locate + one interpreter, as ingest reads frames (keep-alives placed, not interpreted). */
function reader(runId: string) {
  const interpret = marsDialect.createInterpreter({ runId });
  return (frame: unknown): Interpretation => {
    const location = marsDialect.locate(frame, { runId, connection: 0 });
    if (location.kind === 'rejected') return location;
    const [placed] = location.placements;
    if (!placed || placed.heartbeat) return { kind: 'events', events: [] };
    return interpret(placed);
  };
}

function readAll(read: (frame: unknown) => Interpretation, entries: readonly Entry[]): RunEvent[] {
  return entries.flatMap((entry) => {
    const result = read(entry.frame);
    if (result.kind === 'rejected') throw new Error(`${entry.shape} (${entry.source}) was rejected: ${result.reason}`);
    for (const event of result.events) expect(RunEventSchema.safeParse(event).success, `${entry.shape}: ${JSON.stringify(event)}`).toBe(true);
    return result.events;
  });
}

const reply = (path: string, body: unknown, status = 200): HttpReplyFrame => ({ reply: { method: 'GET', path, status }, body });
const of = <T extends RunEvent['type']>(events: readonly RunEvent[], type: T) => events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);

describe('mars, the real server\'s socket frames', () => {
  const events = readAll(reader(run.task_id), run.frames);

  it('decodes every event_type the server sends to canonical events: no raw rows', () => {
    expect(of(events, 'raw')).toEqual([]);
    expect(of(events, 'log').filter((e) => e.source === 'console').map((e) => e.message)).toEqual([
      '🚀 Starting CMBAgent in Planning Control mode',
      'planner (to plan_reviewer):',
      '✅ Task completed in 31.20 seconds',
    ]);
    // Labels are the DAG's (a watcher reads the same ones); step_start does not rename a node.
    expect(of(events, 'node.started').map((e) => [e.nodeId, e.label])).toEqual([['step_1', undefined], ['step_2', undefined]]);
    expect(of(events, 'node.completed').map((e) => [e.nodeId, e.durationMs])).toEqual([['step_1', 4200], ['step_2', 2000]]);
    expect(of(events, 'tool.called').map((e) => [e.tool, e.nodeId])).toEqual([['read_file', 'step_1'], ['execute_code', 'step_1'], ['code (python)', 'step_1']]);
    expect(of(events, 'tool.result').map((e) => [e.tool, e.ok])).toEqual([['read_file', true], ['code (python)', true]]);
    expect(of(events, 'node.output').map((e) => [e.nodeId, e.delta])).toEqual([['planning', 'Plan: 1. fit a linear model 2. plot the residuals'], ['step_1', 'Fitted y = 0.42x + 1.7.']]);
    expect(of(events, 'gate.opened')[0]).toMatchObject({ gateId: 'c0ffee00-1111-4222-8333-444455556666', message: 'Review the plan', options: [{ value: 'approve' }, { value: 'reject' }, { value: 'revise' }, { value: 'modify' }] });
    expect(of(events, 'gate.resolved')[0]).toMatchObject({ decision: 'modified' });
    expect(of(events, 'run.paused')).toHaveLength(1);
    expect(of(events, 'run.resumed')).toHaveLength(1);
    expect(of(events, 'run.completed')).toEqual([expect.objectContaining({ durationMs: 31_200 })]);
    expect(of(events, 'chapter.started').map((e) => e.chapterId)).toEqual(['planning', 'execution']);
  });

  it('sums cost_usd across cost files, skips a "Total" record, never adds cost_summary, counts token-only records', () => {
    const costs = of(events, 'cost.recorded');
    expect(costs.reduce((sum, e) => sum + e.micros, 0)).toBe(run.expect.micros);
    const tokens = costs.reduce((sum, e) => sum + (e.inputTokens ?? 0) + (e.outputTokens ?? 0) + (e.unsplitTokens ?? 0), 0);
    expect(tokens).toBe(run.expect.tokens);
    expect(costs.reduce((sum, e) => sum + (e.unsplitTokens ?? 0), 0)).toBe(run.expect.unsplit);
    expect(costs.some((e) => e.cumulativeMicros !== undefined)).toBe(false);
    // The largest running total a file sent ($0.0042) is less than half of the run's cost.
    const totals = run.frames.map((f) => f.frame.data as { agent?: string; total_cost_usd?: number }).filter((d) => d.agent !== 'Total');
    expect(Math.max(...totals.map((d) => d.total_cost_usd ?? 0))).toBeLessThan(run.expect.micros / 2e6);
  });

  it('reads both timestamp spellings (…Z and …+00:00Z) and never keys events by the envelope run_id', () => {
    const paused = of(events, 'run.paused')[0];
    expect(paused?.at).toMatch(/\+00:00Z$/);
    expect(paused?.atMs).toBe(Date.parse('2026-04-22T13:07:18.123474Z'));
    expect(events.every((e) => e.runId === undefined)).toBe(true);
  });
});

describe('mars, how a real run ends', () => {
  it('shows a cancel as cancelled: the acknowledgement without error, then workflow_cancelled, one end', () => {
    const events = readAll(reader(endings.task_id), endings.cancel);
    expect(events.filter((e) => e.type.startsWith('run.') && e.type !== 'run.started')).toEqual([expect.objectContaining({ type: 'run.cancelled', reason: 'Workflow cancelled' })]);
  });

  it('shows a failure once, with its error; the nodes it re-sets to failed that never started did not run', () => {
    const events = readAll(reader(endings.task_id), endings.failure);
    expect(of(events, 'run.failed')).toEqual([expect.objectContaining({ error: { message: "ValueError: survey.csv has no column 'x'" } })]);
    expect(of(events, 'node.failed').map((e) => e.nodeId)).toEqual(['step_1']);
    // Upstream re-sets every node to failed, with the run's error, when the run fails: step_2 and the
    // terminator never started, so that says nothing about them (the run's end makes them "not run").
    expect(of(events, 'node.status')).toEqual([]);
    expect(of(events, 'node.skipped')).toEqual([]);
    const nodes = reduceNodeStatus(emptyNodeMap(), events);
    expect(Object.fromEntries(Object.entries(nodeRecord(nodes)).map(([id, n]) => [id, n.status]))).toMatchObject({ step_1: 'failed', step_2: 'not_run', terminator: 'not_run' });
    expect(of(events, 'log').filter((e) => e.level === 'error')).toHaveLength(1);
  });
});

describe('mars, the REST answers of a watching session', () => {
  const runPath = `/api/runs/${rest.task_id}`;
  const read = reader(rest.task_id);
  const readReply = (path: string, body: unknown) => {
    const result = read(reply(path, body));
    if (result.kind === 'rejected') throw new Error(`${path}: ${result.reason}`);
    return result;
  };
  const first = rest.first;
  const second = rest.second;

  it('reads the DAG (stepNumber is step_number + 1), the history, the costs, the console and finds the session', () => {
    const dag = readReply(`${runPath}/dag`, first.dag);
    expect(dag.events).toEqual([expect.objectContaining({ type: 'graph.defined', nodes: expect.arrayContaining([expect.objectContaining({ id: 'step_1', status: 'running' })]) })]);
    const history = readReply(`${runPath}/history`, first.history);
    expect(history.events.map((e) => e.type)).toEqual(['node.output', 'tool.called', 'tool.result']);
    expect(history.memo).toEqual({ marsHistoryDue: false });
    const costs = readReply(`${runPath}/costs`, first.costs);
    expect(costs.events).toEqual([
      expect.objectContaining({ type: 'cost.recorded', model: 'gpt-4.1-2025-04-14', micros: 3000, inputTokens: 800, outputTokens: 200 }),
      expect.objectContaining({ type: 'cost.recorded', model: 'o3-mini-2025-01-31', micros: 1200, inputTokens: 400, outputTokens: 100 }),
    ]);
    const log = readReply(`${runPath}/console-log`, first['console-log']);
    expect(log.events.map((e) => e.type === 'log' && e.message)).toEqual([
      'run.started: [task-7f3a9c21] mode=planning-control',
      'planner (to plan_reviewer):',
      'agent.message: planner: Plan:',
      '1. fit',
      '2. plot',
    ]);
    expect(log.memo).toMatchObject({ marsConsoleTail: expect.any(Number) });
    const sessions = readReply('/api/sessions?limit=50', first.sessions);
    // MARS names its own sessions <mode>_<task id[:8]>: that one is looked in first.
    expect(sessions.memo).toEqual({ marsSessionQueue: [rest.session_id, 'other-1'], marsSessionsListed: true });
    const runs = readReply(`/api/sessions/${rest.session_id}/runs`, first['session-runs']);
    expect(runs.events).toEqual([expect.objectContaining({ type: 'run.started', title: 'Fit a model to the survey data' }), expect.objectContaining({ type: 'log', message: 'run status: executing' })]);
    // A planning-control run never asks a person: the watch has nothing it cannot see.
    expect(runs.memo).toEqual({ marsSession: rest.session_id, marsSessionQueue: [], watchBlindSpot: null });

    // The same answers again: nothing new.
    for (const [path, body] of [[`${runPath}/dag`, first.dag], [`${runPath}/history`, first.history], [`${runPath}/costs`, first.costs], [`${runPath}/console-log`, first['console-log']], [`/api/sessions/${rest.session_id}/runs`, first['session-runs']]] as const) {
      expect(readReply(path, body).events, path).toEqual([]);
    }

    // Later: only what is new — statuses that moved, new rows (an updated row is not new), cost differences, new lines, the end.
    expect(readReply(`${runPath}/dag`, second.dag).events.map((e) => e.type === 'node.status' && `${e.nodeId}:${e.status}`)).toEqual(['step_1:succeeded', 'step_2:succeeded', 'terminator:succeeded']);
    expect(readReply(`${runPath}/history`, second.history).events.map((e) => e.type)).toEqual(['tool.called', 'tool.result', 'node.output']);
    expect(readReply(`${runPath}/costs`, second.costs).events).toEqual([expect.objectContaining({ model: 'gpt-4o', micros: 5000, inputTokens: 1000, outputTokens: 200, unsplitTokens: 300 })]);
    const tail = readReply(`${runPath}/console-log?tail=2`, second['console-log-tail']);
    expect(tail.events.map((e) => e.type === 'log' && e.message)).toEqual(["tool.call: engineer: read_file arguments={'path': 'survey.csv'}", 'Step 1 done']);
    // The end, read last in a round, is applied when the next round (everything read again) still says it.
    const said = readReply(`/api/sessions/${rest.session_id}/runs`, second['session-runs']);
    expect(said.events).toEqual([]);
    expect(said.memo).toEqual({ marsEnded: true });
    const end = readReply(`/api/sessions/${rest.session_id}/runs`, second['session-runs']);
    expect(end.events.map((e) => e.type)).toEqual(['run.completed']);
  });

  it('after a failure, a node the watch saw only pending reads "not run" unless the history shows it ran between two polls', () => {
    const fresh = reader(rest.task_id);
    const answer = (path: string, body: unknown) => {
      const result = fresh(reply(path, body));
      if (result.kind === 'rejected') throw new Error(`${path}: ${result.reason}`);
      return result.events;
    };
    const error = "ValueError: survey.csv has no column 'x'";
    const events = [...answer(`${runPath}/dag`, first.dag)];
    // The run failed: upstream re-sets every node it tracks to failed, with the run's error.
    const dag = first.dag as { nodes: { id: string; status: string }[] };
    const failed = { ...dag, nodes: dag.nodes.map((n) => (n.id === 'planning' ? n : { ...n, status: 'failed', error })) };
    events.push(...answer(`${runPath}/dag`, failed));
    // step_2 ran between the two polls (its execution row names it in inputs.node_info, under a hashed node_id); the terminator never started.
    const ran = { id: 'row-step-2', timestamp: '2026-04-22T13:07:20.000123', event_type: 'agent_call', event_subtype: 'execution', node_id: 'a1b2c3d4e5', agent_name: 'engineer', inputs: { node_info: { id: 'step_2' } }, outputs: { status: 'failed' }, error_message: error, status: 'failed' };
    events.push(...answer(`${runPath}/history`, { run_id: rest.task_id, total_events: 1, events: [ran] }));
    events.push({ type: 'run.failed', error: { message: error } });
    const nodes = reduceNodeStatus(emptyNodeMap(), events);
    expect(Object.fromEntries(Object.entries(nodeRecord(nodes)).map(([id, n]) => [id, n.status]))).toMatchObject({ planning: 'succeeded', step_1: 'failed', step_2: 'failed', terminator: 'not_run' });

    // A watch opened after the failure reads the same from its first answers.
    const late = reader(rest.task_id);
    const lateEvents = [failed, { run_id: rest.task_id, events: [...(first.history as { events: unknown[] }).events, ran] }].flatMap((body, i) => {
      const result = late(reply(`${runPath}/${i === 0 ? 'dag' : 'history'}`, body));
      return result.kind === 'events' ? result.events : [];
    });
    lateEvents.push({ type: 'run.failed', error: { message: error } });
    const lateNodes = reduceNodeStatus(emptyNodeMap(), lateEvents);
    expect(Object.fromEntries(Object.entries(nodeRecord(lateNodes)).map(([id, n]) => [id, n.status]))).toMatchObject({ planning: 'succeeded', step_1: 'failed', step_2: 'failed', terminator: 'not_run' });
  });

  it('a watch that missed a node\'s end reads it from the node\'s execution row: completed is succeeded, though the failed run re-set it', () => {
    const late = reader(rest.task_id);
    const error = "ValueError: survey.csv has no column 'x'";
    const dag = first.dag as { nodes: { id: string; status: string }[] };
    const failed = { ...dag, nodes: dag.nodes.map((n) => (n.id === 'planning' ? n : { ...n, status: 'failed', error })) };
    const ran = { id: 'row-step-2', timestamp: '2026-04-22T13:07:20.000123', event_type: 'agent_call', event_subtype: 'execution', node_id: 'a1b2c3d4e5', agent_name: 'engineer', inputs: { node_info: { id: 'step_2' } }, outputs: { status: 'failed' }, error_message: error, status: 'failed' };
    // step_1's execution row says it completed (upstream updates the row in place); step_2's that it failed.
    const bodies: [string, unknown][] = [['dag', failed], ['history', { ...(second.history as object), events: [...(second.history as { events: unknown[] }).events, ran] }]];
    const events = bodies.flatMap(([path, body]) => {
      const result = late(reply(`${runPath}/${path}`, body));
      return result.kind === 'events' ? result.events : [];
    });
    events.push({ type: 'run.failed', error: { message: error } });
    const nodes = reduceNodeStatus(emptyNodeMap(), events);
    expect(Object.fromEntries(Object.entries(nodeRecord(nodes)).map(([id, n]) => [id, n.status]))).toMatchObject({ planning: 'succeeded', step_1: 'succeeded', step_2: 'failed', terminator: 'not_run' });
  });

  it('asks for the whole console log when a tail does not reach back to the last line read', () => {
    const fresh = reader(rest.task_id);
    fresh(reply(`${runPath}/console-log`, { total_lines: 2, returned_lines: 2, content: 'a\nb' }));
    const gap = fresh(reply(`${runPath}/console-log?tail=2`, { total_lines: 10, returned_lines: 2, content: 'i\nj' }));
    expect(gap).toEqual({ kind: 'events', events: [], memo: { marsConsoleTail: undefined } });
    const whole = fresh(reply(`${runPath}/console-log`, { total_lines: 10, returned_lines: 10, content: 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj' }));
    expect(whole.kind === 'events' && whole.events.map((e) => e.type === 'log' && e.message)).toEqual(['c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
  });

  it('says a failed request with its status and keeps unknown paths as raw rows; no console log yet is not an error', () => {
    const fresh = reader(rest.task_id);
    expect(fresh(reply(`${runPath}/dag`, { detail: 'boom' }, 500))).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('HTTP 500') });
    expect(fresh(reply(`${runPath}/console-log`, { detail: 'Console log not found' }, 404))).toEqual({ kind: 'events', events: [], memo: { marsConsoleWait: 1 } });
    expect(fresh(reply(`${runPath}/files`, {}))).toMatchObject({ kind: 'events', events: [{ type: 'raw', frameType: 'http-reply' }] });
    expect(fresh(reply(`${runPath}/dag`, { nodes: 'x' }))).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('nodes') });
  });
});
