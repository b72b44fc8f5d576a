/**
 * The ingest pipeline, one path for every dialect:
 *
 *   raw frame ─▶ dialect.locate ─▶ sequencer ─▶ dialect interpreter ─▶ pending batch
 *   (recorded     (place: order,     (dedupe,      (one per session,      (take(): what the
 *    by the        identity, cursor,  reorder,      in protocol order,     stores get, via
 *    caller)       memo; split)       holes)        once per frame)        apply-batch.ts)
 *                                        └─▶ hole-recovery.ts (rows + actions: refill, snapshot)
 *
 * Pure apart from the injected clock: no timers, no scheduling, no stores. The caller feeds
 * frames (with their recording index), calls `tick()` at `nextDeadlineMs()`, takes batches
 * when it wants to paint, and performs the actions (`onAction`): memo updates, a resumed
 * stream, refill or snapshot commands. Live sessions and replay drive the same pipeline
 * (src/session/, build-replay.ts), so a recording reproduces exactly what was seen.
 *
 * Every canonical event points at its own raw frame (`frame`) and, when ordered, carries its
 * order key (`key`). A throw anywhere inside (a bug, not the frame's fault) becomes an
 * "internal error" issue and the stream goes on (tests/integration/pipeline-errors.test.ts).
 */
import { orderKey, type Dialect, type Interpreter, type LocateContext, type Location, type Memo, type Placement } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';

import { createPendingBatch, type Batch } from '@/ingest/batch';
import { createSafeInterpreter } from '@/ingest/safe-interpreter';
import { producerTimeOf, stampTimeOf } from '@/ingest/stamp-time';
import { createHoleRecovery, type HoleRecovery, type RecoveryAction } from '@/ingest/hole-recovery';
import { createSequencer, emptyOutput, type Sequenced, type Sequencer, type SequencerOutput } from '@/ingest/sequencer';
import { errorMessage } from '@/lib/error-message';

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

type Item = Readonly<{ placement: Placement; frameIndex: number }>;

/** Ingest for one run session; see the header for what it does and what the caller does. */
export class Ingest {
  private readonly dialect: Dialect;
  private readonly now: () => number;
  private readonly sequencer: Sequencer<Item>;
  private readonly interpret: Interpreter;
  private readonly recovery: HoleRecovery;
  private readonly pending = createPendingBatch();
  /** One sequencer output reused for every frame (read at once): no six arrays per frame for the collector. */
  private readonly scratch = emptyOutput<Item>();
  private connectionNumber = 0;
  /** What `locate` is told, made once per connection rather than once per frame. */
  private locateContext: LocateContext;
  private lastCursor: string | undefined;
  private endSeen = false;
  /** The connection the last end marker came on (a resumed stream repeats it). */
  private endSeenOn: number | undefined;

  constructor(private readonly options: IngestOptions) {
    this.dialect = options.dialect;
    this.now = options.now;
    this.sequencer = createSequencer<Item>(sequencerOptions(options));
    this.interpret = createSafeInterpreter(this.dialect.createInterpreter({ runId: options.runId }));
    this.recovery = createHoleRecovery(this.dialect, options.runId);
    this.locateContext = { runId: options.runId, connection: 0 };
  }

  /** One frame exactly as the transport delivered it, with its index in the recording. */
  feed(frame: unknown, frameIndex: number): void {
    // Not through `guarded`: a closure per frame is garbage the collector must chase.
    try {
      this.feedOne(frame, frameIndex);
    } catch (error) {
      this.internalError(error);
    }
  }

  /**
   * A command this session sent, for dialects whose interpreter reads them (readsOwnCommands):
   * read in arrival order with the stream, never recorded as a frame.
   */
  outbound(command: unknown): void {
    if (!this.dialect.readsOwnCommands) return;
    const own: Sequenced<Item> = { item: { placement: { body: command, outbound: true }, frameIndex: -1 } };
    this.guarded(() => this.absorb(this.sequencer.admit([own], this.now(), reset(this.scratch))));
  }

  /** An event of this browser's own (the audit row of a person's action): never sequenced. */
  local(event: RunEvent): void {
    this.pending.events([event]);
  }

  /**
   * A new connection: protocols that number frames per connection get a fresh scope, and
   * frames held for a hole are let go — the new connection resumes from the cursor, before them.
   */
  newConnection(): void {
    this.connectionNumber += 1;
    this.locateContext = { runId: this.options.runId, connection: this.connectionNumber };
    this.sequencer.discardHeld();
    this.recovery.noteReconnect();
  }

  /**
   * Declares holes whose wait ran out by now (call at `nextDeadlineMs()`). Before the next
   * deadline nothing is due, and nothing is made: a replay ticks at every frame it reads
   * (its clock is the recording's), and an output and a closure per frame were about a ninth of
   * what opening a recording allocated.
   */
  tick(): void {
    const due = this.sequencer.nextDeadlineMs();
    const now = this.now();
    if (due === undefined || due > now) return;
    this.guarded(() => this.absorb(this.sequencer.expire(now, emptyOutput<Item>())));
  }

  nextDeadlineMs(): number | undefined {
    return this.sequencer.nextDeadlineMs();
  }

  /** Everything read since the last take, or undefined when nothing was. */
  take(): Batch | undefined {
    return this.pending.take(this.now());
  }

  /** The same, good only until the next frame is fed (batch.ts `takeTransient`): for a reader that copies it at once. */
  takeTransient(): Batch | undefined {
    return this.pending.takeTransient(this.now());
  }

  get hasPending(): boolean {
    return !this.pending.isEmpty;
  }

  /** Where a resume starts (replay sinceSeq, Last-Event-ID, last_seq): the last frame read in order. */
  get cursor(): string | undefined {
    return this.lastCursor;
  }

  /** True while a lost hole is waited for (the refill is under way). */
  get refilling(): boolean {
    return this.sequencer.isWaiting();
  }

  /** The stream said the run is over (an end marker arrived). */
  get ended(): boolean {
    return this.endSeen;
  }

  /** The connection the last end marker came on: a resumed connection repeats the end after what it resends. */
  get endedOn(): number | undefined {
    return this.endSeenOn;
  }

  get connection(): number {
    return this.connectionNumber;
  }

  /** The session's reaction to an action can have a bug too: shown, and the frame still goes on. */
  private act(action: IngestAction): void {
    this.guarded(() => this.options.onAction?.(action));
  }

  private guarded(work: () => void): void {
    try {
      work();
    } catch (error) {
      this.internalError(error);
    }
  }

  private internalError(error: unknown): void {
    this.pending.issue({ frame: -1, reason: `internal error: ${errorMessage(error)}`, atMs: this.now() });
  }

  private locate(frame: unknown): Location {
    try {
      return this.dialect.locate(frame, this.locateContext);
    } catch (error) {
      return { kind: 'rejected', reason: `could not place the frame: ${errorMessage(error)}` };
    }
  }

  private feedOne(frame: unknown, frameIndex: number): void {
    this.pending.count('frames');
    const location = this.locate(frame);
    if (location.kind === 'rejected') {
      this.reject(frameIndex, location.reason, location.frameType);
      return;
    }
    if (location.answer) this.recovery.noteAnswer(location.answer);
    let endHere = false;
    for (const placed of location.placements) endHere = this.noteOnArrival(placed) || endHere;
    const only = location.placements.length === 1 ? location.placements[0] : undefined;
    // No order, identity or snapshot advance, with nothing held (every AG-UI frame): the sequencer would release it at once.
    if (only && only.order === undefined && only.identity === undefined && only.advance === undefined && this.sequencer.passesAtOnce()) this.read(only, frameIndex, undefined);
    // The common case, one frame: no batch array and no wrapper per frame (GC is a large share of ingest).
    else if (only) this.absorb(this.sequencer.admitOne(only.order, only.identity, { placement: only, frameIndex }, this.now(), reset(this.scratch)));
    else this.absorb(this.sequencer.admit(location.placements.map((placed) => sequenced(placed, frameIndex)), this.now(), reset(this.scratch)));
    if (endHere) this.noteEnd();
  }

  /** Session bookkeeping on arrival; true when the frame ends the stream. */
  private noteOnArrival(placed: Placement): boolean {
    // A session id held behind a lost frame must still start the run.
    if (placed.memo) this.act({ kind: 'memo', memo: placed.memo });
    // The end of the stream stops reconnecting at once; what it means is read in order with the rest.
    return placed.end === true;
  }

  /** Nothing more comes on this connection: frames held for a hole need its refill now, not after the grace. */
  private noteEnd(): void {
    this.endSeen = true;
    this.endSeenOn = this.connectionNumber;
    this.absorb(this.sequencer.declareHeld(this.now(), reset(this.scratch)));
  }

  private reject(frameIndex: number, reason: string, frameType: string | undefined): void {
    this.pending.count('rejected');
    this.pending.issue({ frame: frameIndex, reason, atMs: this.now(), ...(frameType !== undefined ? { frameType } : {}) });
  }

  /** Reads what the sequencer released, in order, then turns its hole reports into rows and actions. */
  private absorb(out: SequencerOutput<Item>): void {
    if (out.duplicates > 0) this.pending.count('duplicates', out.duplicates);
    for (let i = 0; i < out.released.length; i++) {
      const { placement, frameIndex } = out.released[i] as Item;
      this.read(placement, frameIndex, out);
    }
    const outcome = this.recovery.respond(out, this.lastCursor);
    if (outcome.rows.length > 0) this.pending.events(stampTime(outcome.rows, this.now()));
    if (outcome.gaps > 0) this.pending.count('gaps', outcome.gaps);
    if (outcome.holes > 0) this.pending.count('holes', outcome.holes);
    for (const action of outcome.actions) this.act(action);
  }

  /** One released placement: cursor, snapshot advance, then the interpreter (once). `out`: none when it passed the sequencer by (no advance). */
  private read(placement: Placement, frameIndex: number, out: SequencerOutput<Item> | undefined): void {
    if (placement.cursor !== undefined) this.lastCursor = placement.cursor;
    if (!placement.heartbeat) this.interpretInto(placement, frameIndex);
    // A snapshot's state comes first; what it releases (held frames after it) is read after.
    if (placement.advance && out) this.sequencer.advanceTo(placement.advance.scope, placement.advance.seq, out);
  }

  private interpretInto(placement: Placement, frameIndex: number): void {
    const result = this.interpret(placement);
    if (result.kind === 'rejected') {
      this.reject(frameIndex, result.reason, result.frameType);
      return;
    }
    const key = placement.order ? orderKey(placement.order) : undefined;
    const frameAtMs = producerTimeOf(result.events);
    for (const event of result.events) {
      // A command of our own has no frame in the recording; what it means happened when we sent it.
      if (frameIndex >= 0) event.frame = frameIndex;
      if (event.atMs === undefined) stampTimeOf(event, frameAtMs, this.now);
      if (key !== undefined) event.key = key;
      if (event.type === 'raw' && event.unknown) this.pending.count('unknown');
    }
    this.pending.events(result.events);
    if (result.memo) this.act({ kind: 'memo', memo: result.memo });
  }
}

export function createIngest(options: IngestOptions): Ingest {
  return new Ingest(options);
}

function sequencerOptions(options: IngestOptions) {
  const ordering = options.dialect.recovery.ordering;
  const seq = ordering.by === 'seq' ? ordering : undefined;
  const graceMs = options.graceMs ?? seq?.waitMs;
  return {
    holes: seq ? seq.holes : 'normal',
    ...(seq?.firstSeq !== undefined ? { firstSeq: seq.firstSeq } : {}),
    ...(options.reorderWindow !== undefined ? { reorderWindow: options.reorderWindow } : {}),
    ...(graceMs !== undefined ? { graceMs } : {}),
    ...(options.refillWaitMs !== undefined ? { refillWaitMs: options.refillWaitMs } : {}),
  } as const;
}

function sequenced(placed: Placement, frameIndex: number): Sequenced<Item> {
  return {
    ...(placed.order ? { order: placed.order } : {}),
    ...(placed.identity !== undefined ? { identity: placed.identity } : {}),
    item: { placement: placed, frameIndex },
  };
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
