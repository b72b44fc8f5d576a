/**
 * Frames built exactly as the real Shannon gateway builds them (tests/fixtures/shannon/
 * upstream-*.jsonl; each line names the upstream file:line its shape comes from), read the
 * way ingest reads them: locate, then one interpreter in order.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { isHttpReplyFrame, type Placement } from '@/protocol/dialect';
import { createFrameReader, type ReadResult } from '@/protocol/read-frame';
import { RunEventSchema, type RunEvent } from '@/protocol/run-event';
import { shannonDialect } from '@/protocol/shannon/shannon-dialect';
import { EventLog } from '@/stores/event-log';
import { CallProjection } from '@/stores/llm-calls';

const WF = 'task-u1-1717330000';

type Named = { name: string; source: string; frame: unknown };

function load(file: string): Map<string, unknown> {
  const path = fileURLToPath(new URL(`../../../tests/fixtures/shannon/${file}`, import.meta.url));
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Named);
  for (const line of lines) expect(line.source, line.name).toMatch(/\.(go|proto):\d+/);
  return new Map(lines.map((line) => [line.name, line.frame]));
}

const FRAMES = load('upstream-frames.jsonl');
const REPLIES = load('upstream-replies.jsonl');
const frame = (name: string) => {
  const found = FRAMES.get(name) ?? REPLIES.get(name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};

/** Reads the named frames through one reader; every event must be a valid RunEvent. */
function read(...names: string[]): RunEvent[] {
  const reader = createFrameReader(shannonDialect, WF);
  return names.flatMap((name) => valid(reader(frame(name))));
}

function valid(result: ReadResult): RunEvent[] {
  if (result.kind !== 'events') throw new Error(`rejected: ${result.reason}`);
  expect(result.rejected).toEqual([]);
  for (const event of result.events) {
    const parsed = RunEventSchema.safeParse(event);
    if (!parsed.success) throw new Error(`invalid RunEvent ${JSON.stringify(event)}: ${parsed.error.message}`);
  }
  return result.events;
}

const TERMINAL = new Set(['run.completed', 'run.failed', 'run.cancelled']);
const terminals = (events: RunEvent[]) => events.filter((e) => TERMINAL.has(e.type));
const place = (raw: unknown): readonly Placement[] => {
  const location = shannonDialect.locate(raw, { runId: WF, connection: 0 });
  if (location.kind !== 'placed') throw new Error(location.reason);
  return location.placements;
};

describe('shannon: how a real run ends', () => {
  it('an error is terminal only as the last word before done: then failed, with the error and the agent that hit it', () => {
    const events = read('workflow-started', 'agent-started', 'delta', 'error-hit-an-issue', 'done');
    expect(terminals(events)).toEqual([
      expect.objectContaining({ type: 'run.failed', error: expect.objectContaining({ message: expect.stringMatching(/^Hit an issue: activity error/) }) }),
    ]);
    expect(events.filter((e) => e.type === 'node.failed')).toEqual([expect.objectContaining({ nodeId: 'simple-agent' })]);
    // An intermediate error (one subtask failing) is not: the run still completes, once.
    const goesOn = read('workflow-started', 'subtask-error', 'message-completed', 'workflow-completed', 'done');
    expect(terminals(goesOn).map((e) => e.type)).toEqual(['run.completed']);
  });

  it('an error from an agent that is a step fails that step at once (Shannon never sends AGENT_FAILED); from one that is not, it is only a row', () => {
    const events = read('workflow-started', 'agent-started', 'error-hit-an-issue');
    expect(events.filter((e) => e.type === 'node.failed')).toEqual([expect.objectContaining({ nodeId: 'simple-agent' })]);
    expect(terminals(events)).toEqual([]);
    expect(read('workflow-started', 'subtask-error').filter((e) => e.type === 'node.failed')).toEqual([]);
  });

  it('done after an error and more work says nothing by itself: the status check decides, once', () => {
    const reader = createFrameReader(shannonDialect, WF);
    const streamed = ['workflow-started', 'subtask-error', 'message-completed', 'done'].flatMap((name) => valid(reader(frame(name))));
    expect(terminals(streamed)).toEqual([]);
    const checked = valid(reader(frame('status-failed')));
    expect(terminals(checked)).toEqual([expect.objectContaining({ type: 'run.failed', error: expect.objectContaining({ message: 'activity error (type: ExecuteAgent): tool quota exceeded' }) })]);
    expect(terminals(valid(reader(frame('status-failed'))))).toEqual([]);
  });

  it('a frame that comes late (numbered below one already read) is never the last word: the error before done still ends the run', () => {
    // seq 2 arrives after seq 6, as when a refill brings a hole's frames after the hole was given up.
    const events = read('workflow-started', 'error-hit-an-issue', 'agent-started', 'done');
    expect(terminals(events)).toEqual([expect.objectContaining({ type: 'run.failed' })]);
  });

  it('workflow.cancelling then done is a cancel; the workflow.cancelled after done adds no second end', () => {
    const reader = createFrameReader(shannonDialect, WF);
    const upToDone = ['workflow-started', 'cancelling', 'done'].flatMap((name) => valid(reader(frame(name))));
    expect(terminals(upToDone)).toEqual([expect.objectContaining({ type: 'run.cancelled', reason: expect.stringContaining('operator stop') })]);
    expect(terminals(valid(reader(frame('cancelled-at-return'))))).toEqual([]);
  });

  it('a status reply is read into the terminal event it names, never after one the stream gave', () => {
    const cases: [string, Partial<RunEvent> | undefined][] = [
      ['status-completed', { type: 'run.completed', output: 'Hello' }],
      ['status-failed', { type: 'run.failed' }],
      ['status-cancelled', { type: 'run.cancelled' }],
      ['status-timeout', { type: 'run.failed' }],
      ['status-running', undefined],
      ['status-paused', undefined],
      ['status-not-found', undefined],
    ];
    for (const [name, expected] of cases) {
      const events = read('workflow-started', name);
      expect(terminals(events), name).toEqual(expected ? [expect.objectContaining(expected)] : []);
      if (!expected) expect(events.filter((e) => e.type === 'log').length, name).toBeGreaterThan(0);
    }
    expect(terminals(read('workflow-started', 'workflow-completed', 'status-failed')).map((e) => e.type)).toEqual(['run.completed']);
    expect(terminals(read('workflow-started', 'error-hit-an-issue', 'done', 'status-completed')).map((e) => e.type)).toEqual(['run.failed']);
  });

});

describe('shannon: frames as the server builds them', () => {
  it('workflow.pausing is a row, workflow.paused pauses (with its checkpoint), workflow.resumed resumes', () => {
    const [pausing, paused, resumed] = ['pausing', 'paused', 'resumed'].map((name) => read(name));
    expect(pausing).toEqual([expect.objectContaining({ type: 'log', message: 'Pausing: operator' })]);
    expect(paused).toEqual([expect.objectContaining({ type: 'run.paused', reason: expect.stringContaining('pre_routing') })]);
    expect(resumed).toEqual([expect.objectContaining({ type: 'run.resumed' })]);
  });

  it('renamed frames exactly as built: a delta with agent_id "" lands on the workflow node; completed carries the whole LLM_OUTPUT payload', () => {
    expect(read('delta-empty-ids')).toEqual([expect.objectContaining({ type: 'node.output', nodeId: 'workflow', delta: 'lo' })]);
    const costs = read('message-completed').filter((e) => e.type === 'cost.recorded');
    expect(costs).toEqual([expect.objectContaining({ micros: 1200, inputTokens: 104, outputTokens: 70, model: 'gpt-5-nano-2025-08-07', nodeId: 'simple-agent' })]);
    // The unknown-workflow path names the event ERROR_OCCURRED (not error), with no id and no seq;
    // every reconnect hears it again, it is said once.
    expect(read('unknown-workflow', 'unknown-workflow')).toEqual([expect.objectContaining({ type: 'log', level: 'error', message: 'Workflow not found' }), expect.objectContaining({ type: 'run.unknown' })]);
  });

  it('the backend saying it has no such workflow is run.unknown: the status lookup\'s 404, and the stream\'s "Workflow not found" (Temporal said NotFound)', () => {
    expect(read('status-not-found')).toContainEqual(expect.objectContaining({ type: 'run.unknown', reason: expect.stringMatching(/Task not found/) }));
    expect(read('unknown-workflow')).toContainEqual(expect.objectContaining({ type: 'run.unknown', reason: expect.stringMatching(/Workflow not found/) }));
    // "…or unavailable" is the gateway not reaching Temporal: it does not say the workflow is missing.
    const reader = createFrameReader(shannonDialect, WF);
    const unsure = valid(reader({ event: 'ERROR_OCCURRED', data: { workflow_id: WF, type: 'ERROR_OCCURRED', message: 'Workflow not found or unavailable' } }));
    expect(unsure.map((e) => e.type)).not.toContain('run.unknown');
  });

  it('a type named like an object property (constructor, toString) is an unknown frame, not a renamed one', () => {
    const reader = createFrameReader(shannonDialect, WF);
    for (const type of ['constructor', 'toString', '__proto__']) {
      const events = valid(reader({ id: '1-0', event: type, data: { workflow_id: WF, type, seq: 1 } }));
      expect(events).toEqual([expect.objectContaining({ type: 'raw', frameType: type, unknown: true })]);
    }
  });

  // Already so before issue 13: kept, with the upstream shape.
  it('APPROVAL_REQUESTED without any payload is a pending gate with the reason; the decision closes it', () => {
    const events = read('approval-requested', 'approval-decision');
    expect(events[0]).toMatchObject({ type: 'gate.opened', message: 'Needs approval: deploy to production', answerable: false });
    expect(events[1]).toMatchObject({ type: 'gate.resolved', gateId: (events[0] as { gateId: string }).gateId, decision: 'approved' });
  });

  it('done is the end of the stream, deduplicated by its id; control frames (no seq) are deduplicated by theirs', () => {
    expect(place(frame('done'))).toEqual([expect.objectContaining({ end: true, identity: 'sid:1717330000700-0' })]);
    const [paused] = place(frame('paused'));
    expect(paused).toMatchObject({ identity: 'sid:1717330000900-0' });
    expect(paused?.order).toBeUndefined();
  });
});

describe('shannon: the history page', () => {
  it('places every row at its live seq, rows with seq 0 unordered', () => {
    const frames = place(frame('history-page'));
    expect(frames.map((f) => f.order?.seq)).toEqual([1, 2, undefined, 5, 6, 7, 8, 9]);
    expect(frames[2]?.identity).toBeDefined();
    expect(frames.every((f) => !f.end)).toBe(true);
  });

  it('reads rows as their live forms: LLM_OUTPUT books its cost, control rows act; the live done after STREAM_END ends the run', () => {
    const reader = createFrameReader(shannonDialect, WF);
    const events = valid(reader(frame('history-page')));
    expect(events.filter((e) => e.type === 'cost.recorded')).toEqual([expect.objectContaining({ micros: 1200 })]);
    expect(events.filter((e) => e.type === 'raw')).toEqual([]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'run.paused' }));
    // The same end whether the rows before it came live or from a refill: at the live done, never keyed to the row.
    expect(terminals(events)).toEqual([]);
    expect(terminals(valid(reader(frame('done'))))).toEqual([expect.objectContaining({ type: 'run.failed', error: expect.objectContaining({ message: 'Hit an issue: tool quota exceeded' }) })]);
  });

  it('a control event seen live and again as a history row is read once, in either order', () => {
    for (const names of [['paused', 'history-page'], ['history-page', 'paused']]) {
      expect(read(...names).filter((e) => e.type === 'run.paused'), names.join(' then ')).toHaveLength(1);
    }
    expect(read('history-page').filter((e) => e.type === 'run.paused')).toHaveLength(1);
  });

  it('a rejected history request says why in words', () => {
    const result = createFrameReader(shannonDialect, WF)(frame('history-limit-rejected'));
    expect(result.kind).toBe('rejected');
    if (result.kind === 'rejected') expect(result.reason).toMatch(/HTTP 400.*Invalid limit parameter/);
  });
});

describe('shannon: commands as the gateway takes them', () => {
  it('checkStatus asks GET /api/v1/tasks/{id}; the refill pages the history with a limit the gateway accepts (1..200)', () => {
    expect(shannonDialect.checkStatus?.(WF, 'quiet')).toEqual([{ via: 'http', method: 'GET', path: `/api/v1/tasks/${WF}` }]);
    // After done without a final status, the history first: an event lost just before done leaves no hole.
    expect(shannonDialect.checkStatus?.(WF, 'ended').map((c) => (c.via === 'http' ? c.path : c.via))).toEqual([`/api/v1/tasks/${WF}/events?limit=200&offset=0`, `/api/v1/tasks/${WF}`]);
    const [command] = shannonDialect.refill?.(WF, undefined) ?? [];
    expect(command?.via).toBe('http');
    if (command?.via !== 'http') return;
    const url = new URL(command.path, 'http://x');
    const limit = Number(url.searchParams.get('limit'));
    expect(limit).toBeGreaterThanOrEqual(1);
    expect(limit).toBeLessThanOrEqual(200);
    expect(command.paging).toMatchObject({ offsetParam: 'offset', pageSize: limit, itemsKey: 'events' });
    expect(isHttpReplyFrame(frame('history-page'))).toBe(true);
  });
});

describe('shannon: a model call as the calls projection reads it', () => {
  it('LLM_PROMPT gives the prompt, thread.message.completed the response, model, tokens, cost and duration', () => {
    const events = read('llm-prompt', 'message-completed');
    expect(events.filter((e) => e.type === 'llm.text')).toEqual([
      expect.objectContaining({ role: 'prompt', nodeId: 'simple-agent', text: 'Say hello to <img src=x onerror=alert(1)>' }),
      expect.objectContaining({ role: 'response', nodeId: 'simple-agent', text: 'Hello', model: 'gpt-5-nano-2025-08-07', durationMs: 840 }),
    ]);
    const log = new EventLog();
    log.appendAll(events.map((e, i) => ({ ...e, frame: e.type === 'llm.text' && e.role === 'prompt' ? 0 : 1, key: String(i) })), -1);
    expect(new CallProjection().advance(log)).toEqual([
      expect.objectContaining({ model: 'gpt-5-nano-2025-08-07', inputTokens: 104, outputTokens: 70, micros: 1200, latencyMs: 840, latency: 'stated', response: 'Hello' }),
    ]);
  });
});
