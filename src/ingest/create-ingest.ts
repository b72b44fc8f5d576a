/**
 * The ingest pipeline, one path for every dialect:
 *
 *   raw frame ─▶ dialect.locate ─▶ sequencer ─▶ dialect interpreter ─▶ pending batch
 *   (recorded     (place: order,     (dedupe,      (one per session,      (take(): what the
 *    by the        identity, cursor,  reorder,      in protocol order,     stores get, via
 *    caller)       memo; split)       holes)        once per frame)        apply-batch.ts)
 *                                        └─▶ recovery.ts (rows + actions: refill, snapshot)
 *
 * Pure apart from the injected clock: no timers, no scheduling, no stores. The caller feeds
 * frames (with their recording index), calls `tick()` at `nextDeadlineMs()`, takes batches
 * when it wants to paint, and performs the actions (`onAction`): memo updates, a resumed
 * stream, refill or snapshot commands. Live sessions and replay drive the same pipeline
 * (app/sessions/*), so a recording reproduces exactly what was seen.
 *
 * Every canonical event points at its own raw frame (`frame`) and, when ordered, carries its
 * order key (`key`). A throw anywhere inside (a bug, not the frame's fault) becomes an
 * "internal error" issue and the stream goes on (tests/integration/pipeline-errors.test.ts).
 */
import { orderKey, type Dialect, type Location, type Memo, type PlacedFrame } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';

import { createPendingBatch, type Batch } from '@/ingest/batch';
import { createSafeInterpreter } from '@/ingest/safe-interpreter';
import { createRecovery, type RecoveryAction } from '@/ingest/recovery';
import { createSequencer, emptyOutput, type Sequenced, type SequencerOutput } from '@/ingest/sequencer';

export type IngestAction = RecoveryAction | Readonly<{ kind: 'memo'; memo: Memo }>;

export type IngestOptions = Readonly<{
  dialect: Dialect;
  runId: string;
  now: () => number;
  /** What the session must do: update the memo, resume the stream, send refill or snapshot commands. */
  onAction?: (action: IngestAction) => void;
  reorderWindow?: number;
  graceMs?: number;
  refillWaitMs?: number;
}>;

type Item = Readonly<{ frame: PlacedFrame; frameIndex: number }>;

export function createIngest(options: IngestOptions) {
  const { dialect, now } = options;
  const ordering = dialect.recovery.ordering;
  const sequencer = createSequencer<Item>({
    holes: ordering.by === 'seq' ? ordering.holes : 'normal',
    ...(ordering.by === 'seq' && ordering.firstSeq !== undefined ? { firstSeq: ordering.firstSeq } : {}),
    ...(options.reorderWindow !== undefined ? { reorderWindow: options.reorderWindow } : {}),
    ...(options.graceMs !== undefined ? { graceMs: options.graceMs } : ordering.by === 'seq' && ordering.waitMs !== undefined ? { graceMs: ordering.waitMs } : {}),
    ...(options.refillWaitMs !== undefined ? { refillWaitMs: options.refillWaitMs } : {}),
  });
  const interpret = createSafeInterpreter(dialect.createInterpreter({ runId: options.runId }));
  const recovery = createRecovery(dialect, options.runId);
  const pending = createPendingBatch();
  let connection = 0;
  let cursor: string | undefined;
  let ended = false;
  /** One sequencer output reused for every frame (read at once): no six arrays per frame for the collector. */
  const scratch = emptyOutput<Item>();

  /** The session's reaction to an action can have a bug too: shown, and the frame still goes on. */
  function act(action: IngestAction): void {
    guarded(() => options.onAction?.(action));
  }

  function guarded(work: () => void): void {
    try {
      work();
    } catch (error) {
      internalError(error);
    }
  }

  function internalError(error: unknown): void {
    pending.issue({ frame: -1, reason: `internal error: ${error instanceof Error ? error.message : String(error)}`, atMs: now() });
  }

  function locate(frame: unknown): Location {
    try {
      return dialect.locate(frame, { runId: options.runId, connection });
    } catch (error) {
      return { kind: 'rejected', reason: `could not place the frame: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  function acceptOne(frame: unknown, frameIndex: number): void {
    pending.count('frames');
    const location = locate(frame);
    if (location.kind === 'rejected') {
      pending.count('rejected');
      pending.issue({ frame: frameIndex, reason: location.reason, atMs: now(), ...(location.frameType !== undefined ? { frameType: location.frameType } : {}) });
      return;
    }
    if (location.answer) recovery.noteAnswer(location.answer);
    for (const placed of location.frames) noteOnArrival(placed);
    const only = location.frames.length === 1 ? location.frames[0] : undefined;
    // The common case, one frame: no batch array and no wrapper per frame (GC is a large share of ingest).
    if (only) settle(sequencer.acceptOne(only.order, only.identity, { frame: only, frameIndex }, now(), reset(scratch)));
    else settle(sequencer.accept(location.frames.map((placed) => sequenced(placed, frameIndex)), now(), reset(scratch)));
  }

  function noteOnArrival(placed: PlacedFrame): void {
    // Session bookkeeping is needed on arrival: a session id held behind a lost frame must still start the run.
    if (placed.memo) act({ kind: 'memo', memo: placed.memo });
    // The end of the stream stops reconnecting at once; what it means is read in order with the rest.
    if (placed.end) ended = true;
  }

  /** Reads what the sequencer released, in order, then turns its hole reports into rows and actions. */
  function settle(out: SequencerOutput<Item>): void {
    if (out.duplicates > 0) pending.count('duplicates', out.duplicates);
    for (let i = 0; i < out.released.length; i++) read(out.released[i] as Item, out);
    const outcome = recovery.settle(out, cursor);
    if (outcome.rows.length > 0) pending.events(stampTime(outcome.rows, now()));
    if (outcome.gaps > 0) pending.count('gaps', outcome.gaps);
    if (outcome.holes > 0) pending.count('holes', outcome.holes);
    for (const action of outcome.actions) act(action);
  }

  /** One released frame: cursor, snapshot advance, then the interpreter (once). */
  function read({ frame, frameIndex }: Item, out: SequencerOutput<Item>): void {
    if (frame.cursor !== undefined) cursor = frame.cursor;
    if (!frame.heartbeat) interpretInto(frame, frameIndex);
    // A snapshot's state comes first; what it releases (held frames after it) is read after.
    if (frame.advance) sequencer.advanceTo(frame.advance.scope, frame.advance.seq, out);
  }

  function interpretInto(frame: PlacedFrame, frameIndex: number): void {
    const result = interpret(frame);
    if (result.kind === 'rejected') {
      pending.count('rejected');
      pending.issue({ frame: frameIndex, reason: result.reason, atMs: now(), ...(result.frameType !== undefined ? { frameType: result.frameType } : {}) });
      return;
    }
    const key = frame.order ? orderKey(frame.order) : undefined;
    for (const event of result.events) {
      // A command of our own has no frame in the recording.
      if (frameIndex >= 0) event.frame = frameIndex;
      if (key !== undefined) event.key = key;
      if (event.type === 'raw' && event.unknown) pending.count('unknown');
    }
    pending.events(result.events);
    if (result.memo) act({ kind: 'memo', memo: result.memo });
  }

  return {
    /** One frame exactly as the transport delivered it, with its index in the recording. */
    accept(frame: unknown, frameIndex: number): void {
      // Not through `guarded`: a closure per frame is garbage the collector must chase.
      try {
        acceptOne(frame, frameIndex);
      } catch (error) {
        internalError(error);
      }
    },
    /**
     * A command this session sent, for dialects whose interpreter reads them (readsOwnCommands):
     * read in arrival order with the stream, never recorded as a frame.
     */
    outbound(command: unknown): void {
      if (!dialect.readsOwnCommands) return;
      guarded(() => settle(sequencer.accept([{ item: { frame: { body: command, outbound: true }, frameIndex: -1 } }], now(), reset(scratch))));
    },
    /** An event of this browser's own (the audit row of a person's action): never sequenced. */
    local(event: RunEvent): void {
      pending.events([event]);
    },
    /**
     * A new connection: protocols that number frames per connection get a fresh scope, and
     * frames held for a hole are let go — the new connection resumes from the cursor, before them.
     */
    newConnection(): void {
      connection += 1;
      sequencer.discardHeld();
      recovery.noteReconnect();
    },
    /** Declares holes whose wait ran out by now (call at `nextDeadlineMs()`). */
    tick(): void {
      guarded(() => settle(sequencer.expire(now(), emptyOutput<Item>())));
    },
    nextDeadlineMs(): number | undefined {
      return sequencer.nextDeadlineMs();
    },
    /** Everything read since the last take, or undefined when nothing was. */
    take(): Batch | undefined {
      return pending.take(now());
    },
    get hasPending(): boolean {
      return !pending.isEmpty;
    },
    /** Where a resume starts (replay sinceSeq, Last-Event-ID, last_seq): the last frame read in order. */
    get cursor(): string | undefined {
      return cursor;
    },
    /** True while a lost hole is waited for (the refill is under way). */
    get refilling(): boolean {
      return sequencer.isWaiting();
    },
    /** The stream said the run is over (an end marker arrived). */
    get ended(): boolean {
      return ended;
    },
    get connection(): number {
      return connection;
    },
  };
}

export type Ingest = ReturnType<typeof createIngest>;

function sequenced(frame: PlacedFrame, frameIndex: number): Sequenced<Item> {
  return { ...(frame.order ? { order: frame.order } : {}), ...(frame.identity !== undefined ? { identity: frame.identity } : {}), item: { frame, frameIndex } };
}

function reset<T>(out: SequencerOutput<T>): SequencerOutput<T> {
  clear(out.released);
  out.duplicates = 0;
  clear(out.opened);
  clear(out.filled);
  clear(out.unfilled);
  clear(out.skipped);
  return out;
}

/** Empties an array and keeps its storage: `length = 0` frees it, and the next push (once per frame) allocates it again. */
function clear(list: unknown[]): void {
  while (list.length > 0) list.pop();
}

function stampTime(rows: RunEvent[], atMs: number): RunEvent[] {
  for (const row of rows) row.atMs = atMs;
  return rows;
}
