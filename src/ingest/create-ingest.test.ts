/**
 * The ingest pipeline with a fake dialect: what it does with order, holes, answers,
 * memos, the end of a stream and bad frames — everything the real dialects declare as data.
 */
import { describe, expect, test } from 'vitest';

import type { Dialect, Location, Recovery } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';

import { createIngest, type IngestAction } from '@/ingest/create-ingest';

type FakeFrame = { seq?: number; text?: string; end?: boolean; memo?: Record<string, unknown>; heartbeat?: boolean; replay?: FakeFrame[] };

function fakeDialect(recovery: Partial<Recovery> = {}): Dialect {
  const place = (f: FakeFrame) => ({
    body: f,
    ...(f.seq !== undefined ? { order: { scope: 's', seq: f.seq }, cursor: `c${f.seq}` } : {}),
    ...(f.end ? { end: true } : {}),
    ...(f.memo ? { memo: f.memo } : {}),
    ...(f.heartbeat ? { heartbeat: true } : {}),
  });
  return {
    id: 'relavium',
    label: 'fake',
    wire: 'sse',
    address: { kind: 'origin', example: 'http://host:port' },
    staleAfterMs: 1_000,
    capabilities: { startsRuns: false, control: { cancel: 'no', pause: 'no', resume: 'no' } },
    recovery: { ordering: { by: 'seq', holes: 'lost', firstSeq: 1 }, refill: ['resume-stream', 'commands'], unfilled: 'accept', drop: 'resume', unfilledReason: 'gone for good', ...recovery },
    locate(frame): Location {
      if (typeof frame !== 'object' || frame === null) return { kind: 'rejected', reason: 'not a fake frame' };
      const f = frame as FakeFrame;
      if (f.replay) return { kind: 'placed', placements: f.replay.map(place), answer: 'replay' };
      return { kind: 'placed', placements: [place(f)] };
    },
    createInterpreter: () => (frame) => {
      const f = frame.body as FakeFrame;
      if (f.text === 'bad') return { kind: 'rejected', reason: 'bad text' };
      if (f.text === 'chapter') return { kind: 'events', events: [{ type: 'chapter.started', chapterId: 'c1', title: 'Research', chapterKey: 'research' }] };
      return { kind: 'events', events: f.text === undefined ? [] : [{ type: 'log', level: 'info', message: f.text }] };
    },
    connect: () => ({ kind: 'sse', url: 'http://x', headers: {} }),
    onOpen: () => [],
    refill: (_runId, cursor) => [{ via: 'emit', event: 'replay', data: { since: cursor } }],
    snapshot: () => [{ via: 'http', method: 'GET', path: '/state' }],
    answerGate: () => ({ unavailable: 'no' }),
    control: () => ({ unavailable: 'no' }),
  };
}

function pipeline(recovery: Partial<Recovery> = {}, readsOwnCommands = false) {
  const clock = { now: 0 };
  const actions: IngestAction[] = [];
  const dialect = { ...fakeDialect(recovery), readsOwnCommands };
  const ingest = createIngest({ dialect, runId: 'r', now: () => clock.now, onAction: (a) => actions.push(a), graceMs: 100, refillWaitMs: 1_000 });
  let index = 0;
  const feed = (...frames: unknown[]) => frames.forEach((frame) => ingest.feed(frame, index++));
  return { ingest, clock, actions, feed };
}

const messages = (events: readonly RunEvent[] | undefined) => (events ?? []).map((e) => (e.type === 'log' ? e.message : e.type));

describe('ingest pipeline', () => {
  test('reads frames in order, once, each event pointing at its own frame and order key', () => {
    const { ingest, feed } = pipeline();
    feed({ seq: 1, text: 'a' }, { seq: 3, text: 'c' }, { seq: 2, text: 'b' }, { seq: 2, text: 'b' });
    const batch = ingest.take();
    expect(messages(batch?.events)).toEqual(['a', 'b', 'c']);
    expect(batch?.events.map((e) => [e.frame, e.key])).toEqual([[0, 's#1'], [2, 's#2'], [1, 's#3']]);
    expect(batch?.stats).toMatchObject({ frames: 4, duplicates: 1, gaps: 0 });
    expect(ingest.cursor).toBe('c3');
    expect(ingest.take()).toBeUndefined();
  });

  test("the order key stamped on an event leaves a chapter's own key as the producer named it", () => {
    const { ingest, feed } = pipeline();
    feed({ seq: 1, text: 'chapter' });
    expect(ingest.take()?.events).toMatchObject([{ type: 'chapter.started', key: 's#1', chapterKey: 'research' }]);
  });

  test('a frame without order or identity is read at once, unless ordered frames are held: then it keeps its place behind them', () => {
    const { ingest, feed } = pipeline();
    feed({ text: 'x' }, { seq: 1, text: 'a' }, { text: 'y' });
    expect(messages(ingest.take()?.events)).toEqual(['x', 'a', 'y']);
    feed({ seq: 3, text: 'c' }, { text: 'z' });
    expect(ingest.take()?.events ?? []).toEqual([]);
    feed({ seq: 2, text: 'b' }, { text: 'w' });
    const batch = ingest.take();
    expect(messages(batch?.events)).toEqual(['b', 'c', 'z', 'w']);
    expect(batch?.events.map((e) => e.frame)).toEqual([5, 3, 4, 6]);
  });

  test('a lost hole: one row, the refill the dialect declares from the cursor before it, nothing past it read until it is filled', () => {
    const { ingest, feed, clock, actions } = pipeline();
    feed({ seq: 1, text: 'a' }, { seq: 3, text: 'c' });
    clock.now = 100;
    ingest.tick();
    expect(actions).toEqual([
      { kind: 'resume-stream', reason: 'resuming the stream from before event #2' },
      { kind: 'send', commands: [{ via: 'emit', event: 'replay', data: { since: 'c1' } }], purpose: 'refill' },
    ]);
    expect(ingest.refilling).toBe(true);
    expect(ingest.cursor).toBe('c1');
    expect(messages(ingest.take()?.events)).toEqual(['a', 'Gap: event #2 missing; resuming the stream and asking the backend for them']);
    feed({ replay: [{ seq: 2, text: 'b' }, { seq: 3, text: 'c' }] });
    expect(messages(ingest.take()?.events)).toEqual(['b', 'c', 'Gap: event #2 filled by replay']);
    expect(ingest.refilling).toBe(false);
  });

  test('a hole no refill closes is said once as no longer available, with the dialect\'s reason, and never asked for again', () => {
    const { ingest, feed, clock, actions } = pipeline();
    feed({ seq: 1, text: 'a' }, { seq: 4, text: 'd' });
    clock.now = 100;
    ingest.tick();
    actions.length = 0;
    clock.now = ingest.nextDeadlineMs() ?? Infinity;
    ingest.tick();
    expect(messages(ingest.take()?.events).slice(-2)).toEqual(['d', 'Events #2–#3 are no longer available: gone for good']);
    expect(actions).toEqual([]);
    expect(ingest.nextDeadlineMs()).toBeUndefined();
    feed({ seq: 5, text: 'e' }, { seq: 2, text: 'late b' });
    expect(messages(ingest.take()?.events)).toEqual(['e', 'late b']);
  });

  test("'snapshot' recovery: a hole not refilled in time asks for the dialect's snapshot", () => {
    const { ingest, feed, clock, actions } = pipeline({ unfilled: 'snapshot', refill: ['resume-stream'] });
    feed({ seq: 1 }, { seq: 3 });
    clock.now = 100;
    ingest.tick();
    clock.now = 1_100;
    ingest.tick();
    expect(actions.at(-1)).toEqual({ kind: 'send', commands: [{ via: 'http', method: 'GET', path: '/state' }], purpose: 'snapshot' });
    expect(messages(ingest.take()?.events).at(-1)).toBe("Gap: event #2 not refilled in time; restoring the run's state from a snapshot");
  });

  test('normal holes (the server skips numbers) are counted for diagnostics: no row, no action, nothing waits past the window', () => {
    const { ingest, feed, actions } = pipeline({ ordering: { by: 'seq', holes: 'normal', firstSeq: 1 }, refill: [] });
    feed({ seq: 1, text: 'a' }, ...[3, 4, 5, 6, 7, 8].map((seq) => ({ seq, text: `#${seq}` })));
    const batch = ingest.take();
    expect(messages(batch?.events)).toEqual(['a', '#3', '#4', '#5', '#6', '#7', '#8']);
    expect(batch?.stats).toMatchObject({ holes: 1, gaps: 0 });
    expect(actions).toEqual([]);
  });

  test('a memo is handed on when the frame arrives, even when the frame itself waits behind a hole', () => {
    const { ingest, feed, actions } = pipeline();
    feed({ seq: 1 }, { seq: 3, memo: { session: 'x' } });
    expect(actions).toEqual([{ kind: 'memo', memo: { session: 'x' } }]);
    expect(messages(ingest.take()?.events)).toEqual([]);
  });

  test('the end of the stream counts when it arrives (nothing reconnects after it), and is read in order; a keep-alive is never interpreted', () => {
    const { ingest, feed, actions } = pipeline();
    feed({ seq: 1, text: 'a' }, { seq: 3, end: true, text: 'the end' });
    expect(ingest.ended).toBe(true);
    // Nothing more comes on this connection: the hole before the end is declared at once, its refill starts.
    expect(messages(ingest.take()?.events)).toEqual(['a', 'Gap: event #2 missing; resuming the stream and asking the backend for them']);
    expect(ingest.refilling).toBe(true);
    expect(actions.map((a) => a.kind)).toEqual(['resume-stream', 'send']);
    feed({ seq: 2, heartbeat: true, text: 'never' });
    expect(messages(ingest.take()?.events)).toEqual(['the end', 'Gap: event #2 filled by late frame']);
  });

  test('a frame that cannot be placed and one the interpreter rejects are issues with their frame index; the stream goes on', () => {
    const { ingest, feed } = pipeline();
    feed({ seq: 1, text: 'a' }, 'garbage', { seq: 2, text: 'bad' }, { seq: 3, text: 'c' });
    const batch = ingest.take();
    expect(messages(batch?.events)).toEqual(['a', 'c']);
    expect(batch?.issues.map((issue) => [issue.frame, issue.reason])).toEqual([[1, 'not a fake frame'], [2, 'bad text']]);
    expect(batch?.stats).toMatchObject({ frames: 4, rejected: 2, gaps: 0 });
  });

  test('a new connection lets go of what waits: the resumed stream sends it again from the cursor', () => {
    const { ingest, feed, clock } = pipeline();
    feed({ seq: 1, text: 'a' }, { seq: 3, text: 'c' });
    clock.now = 100;
    ingest.tick();
    ingest.newConnection();
    expect(ingest.nextDeadlineMs()).toBeUndefined();
    feed({ seq: 2, text: 'b' }, { seq: 3, text: 'c' });
    expect(messages(ingest.take()?.events).slice(-3)).toEqual(['b', 'Gap: event #2 filled by resumed stream', 'c']);
  });

  test('a dialect that reads its own commands gets them in order with the stream, with no frame of their own; others never see them', () => {
    const reading = pipeline({}, true);
    reading.feed({ seq: 1, text: 'a' });
    reading.ingest.outbound({ text: 'we asked' });
    reading.feed({ seq: 2, text: 'b' });
    const batch = reading.ingest.take();
    expect(messages(batch?.events)).toEqual(['a', 'we asked', 'b']);
    expect(batch?.events[1]?.frame).toBeUndefined();
    const other = pipeline();
    other.ingest.outbound({ text: 'we asked' });
    expect(other.ingest.take()).toBeUndefined();
  });

  test("what our own command means happened when we sent it (a run we started has its start time)", () => {
    const reading = pipeline({}, true);
    reading.clock.now = 1_700;
    reading.ingest.outbound({ text: 'we asked' });
    expect(reading.ingest.take()?.events[0]).toMatchObject({ message: 'we asked', atMs: 1_700 });
  });
});

describe('times the producer did not send', () => {
  /** A dialect whose frames say which of their events carry the producer's time. */
  function timedPipeline() {
    const clock = { now: 7_000 };
    const dialect: Dialect = {
      ...fakeDialect({ ordering: { by: 'arrival' } }),
      createInterpreter: () => (frame) => {
        const times = (frame.body as { times: (number | null)[] }).times;
        return { kind: 'events', events: times.map((t): RunEvent => ({ type: 'log', level: 'info', message: 'x', ...(t !== null ? { atMs: t } : {}) })) };
      },
    };
    const ingest = createIngest({ dialect, runId: 'r', now: () => clock.now });
    return { ingest, clock };
  }

  test('an event with no time takes when it was read, marked as received', () => {
    const { ingest } = timedPipeline();
    ingest.feed({ times: [null] }, 0);
    expect(ingest.take()?.events.map((e) => [e.atMs, e.receivedTime])).toEqual([[7_000, true]]);
  });

  test('an untimed event of a frame the producer timed takes that time, unmarked (one clock per frame)', () => {
    const { ingest } = timedPipeline();
    ingest.feed({ times: [null, 1_500, null] }, 0);
    expect(ingest.take()?.events.map((e) => [e.atMs, e.receivedTime])).toEqual([[1_500, undefined], [1_500, undefined], [1_500, undefined]]);
  });
});
