/**
 * The ingest pipeline: raw frame → dialect decoder → sequencer → batched store updates.
 * The only code that writes a session's run and node-status stores. Used by live
 * sessions and by replay alike, so a recording reproduces exactly what was seen.
 *
 * Per frame: record it, decode it (a decoder that throws anyway is caught and the frame
 * quarantined), stamp each event with its frame index and ordering key, pass it through
 * the sequencer, and queue what comes out. One flush per scheduled tick applies the
 * queue to both stores. A gap adds a visible marker to the log and asks for a resync;
 * when the hole is filled (late frame, replay, history, resumed stream, or a reconnect's
 * replay for protocols whose seq restarts per connection) a second row says how.
 *
 * Dialects whose decoder keeps run state (`decodeInOrder`: tolky, shannon, myagent) are decoded
 * after the sequencer instead: a per-connection decoder only places each frame, and one
 * decoder for the whole session reads the frames in protocol order, once each, so a
 * reordered, dropped-then-refilled or replayed frame reads the same state as in a clean run.
 *
 * `cursor` is the RESUME cursor: while a gap is open it points before the hole (see
 * gap-tracker.ts), so a replay or `Last-Event-ID` resume sends the missing frames again.
 */
import type { DecodeResult, Dialect, FrameOrder } from '@/protocol/dialect';
import { isHttpReplyFrame, orderKey } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import type { NodeStatusStore } from '@/stores/node-status-store';
import type { RunStore } from '@/stores/run-store';
import type { DecodeIssue } from '@/stores/run-types';

import type { FrameLog } from '@/ingest/frame-log';
import type { Schedule } from '@/ingest/frame-scheduler';
import { createGapTracker, span, type FillSource } from '@/ingest/gap-tracker';
import { unsafeEventReason } from '@/ingest/guard-events';
import { createSequencer, type GapReport, type Sequenced } from '@/ingest/sequencer';

type Item = Readonly<{
  events: RunEvent[];
  cursor?: string;
  advance?: FrameOrder;
  key?: string;
  /** decodeInOrder dialects: the frame itself, decoded when the sequencer releases it. */
  raw?: Readonly<{ frame: unknown; frameIndex: number }>;
}>;

export type IngestOptions = Readonly<{
  dialect: Dialect;
  run: RunStore;
  nodeStatus: NodeStatusStore;
  frames: FrameLog;
  schedule: Schedule;
  runId: string;
  now?: () => number;
  /** Asked to fetch what a gap lost (the live session sends the dialect's resync). */
  onGap?: (gap: GapReport, cursor: string | undefined) => void;
  onMemo?: (memo: Readonly<Record<string, unknown>>) => void;
  /** Receives pipeline errors that are not the frame's fault (bugs): shown, never thrown. */
  onInternalError?: (error: unknown) => void;
  reorderWindow?: number;
  graceMs?: number;
  /** decodeInOrder dialects: how long what follows a gap waits for the resync to fill it. */
  gapHoldMs?: number;
  /**
   * Replay: no timers. Held frames expire only when `expireHeld()` is called (at each
   * recorded frame's time), so a replay is deterministic and repeats what live did.
   */
  manualExpiry?: boolean;
  /** Sees each applied batch exactly as the stores got it (replay caches them for seeking). */
  onFlush?: (flushed: FlushedBatch) => void;
}>;

export type FlushedBatch = Readonly<{ events: readonly RunEvent[]; issues: readonly DecodeIssue[]; stats: Readonly<{ frames: number; duplicates: number; rejected: number; gaps: number }>; atMs: number }>;

export type Ingest = ReturnType<typeof createIngest>;

/** A resync (replay, history, resumed stream) answers well within this; past it the hole is given up. */
const GAP_HOLD_MS = 3_000;

/** How often stream activity is written to the store (see noteActivity). */
const ACTIVITY_RESOLUTION_MS = 1_000;

export function createIngest(options: IngestOptions) {
  const { dialect, run, nodeStatus, frames, schedule } = options;
  const now = options.now ?? Date.now;
  // A bug in the pipeline (not the frame's fault) becomes a diagnostics issue and the stream goes on.
  const internalError = options.onInternalError ?? ((error: unknown) => recordInternalError(run, error, now()));
  const sequencer = createSequencer<Item>({
    ...(dialect.firstSeq !== undefined ? { firstSeq: dialect.firstSeq } : {}),
    reorderWindow: options.reorderWindow ?? 5,
    graceMs: options.graceMs ?? 750,
    // myagent renumbers per connection: nothing past a hole may apply, a reconnect refills it.
    releaseOnGap: dialect.gapRecovery !== 'reconnect',
    // Decoded in order: what follows a hole waits for the resync, so the decoder reads it after the hole.
    ...(dialect.decodeInOrder && dialect.gapRecovery !== 'reconnect' ? { holdOnGapMs: options.gapHoldMs ?? GAP_HOLD_MS } : {}),
  });
  const strictGaps = dialect.gapRecovery === 'reconnect';
  const gapTracker = createGapTracker();
  let refillOnNextRelease = false;
  let reconnectedSinceGap = false;
  let fillSource: FillSource = 'late frame';
  let epoch = 0;
  // A fresh decoder per connection, as the Dialect contract promises: myagent scopes its seq
  // by the epoch it was created with, and MARS holds frames after a reconnect until the
  // snapshot arrives.
  let decode = dialect.createDecoder({ runId: options.runId, epoch });
  const inOrder = dialect.decodeInOrder;
  const sessionDecode = inOrder ? dialect.createDecoder({ runId: options.runId, epoch }) : undefined;
  let pending: RunEvent[] = [];
  let issues: DecodeIssue[] = [];
  let stats = { frames: 0, duplicates: 0, rejected: 0, gaps: 0 };
  let flushQueued = false;
  let cursor: string | undefined;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  function queueFlush() {
    if (flushQueued) return;
    flushQueued = true;
    schedule(flush);
  }

  function flush() {
    flushQueued = false;
    const batch = pending;
    const newIssues = issues;
    const delta = stats;
    pending = [];
    issues = [];
    stats = { frames: 0, duplicates: 0, rejected: 0, gaps: 0 };
    try {
      if (batch.length > 0) {
        run.getState().actions.applyEvents(batch);
        nodeStatus.getState().actions.applyEvents(batch);
      }
      run.getState().actions.recordIssues(newIssues);
      if (delta.frames || delta.duplicates || delta.rejected || delta.gaps) run.getState().actions.addStats(delta);
      const atMs = now();
      noteActivity(atMs);
      options.onFlush?.({ events: batch, issues: newIssues, stats: delta, atMs });
    } catch (error) {
      internalError(error);
    }
  }

  /**
   * Stream liveness for the stale check. Stale means silence for tens of seconds, so a
   * note per second is enough: a store write on every flush would wake every run-store
   * subscriber (and repaint the status region) once per animation frame.
   */
  let activityNotedAtMs = -Infinity;
  function noteActivity(atMs: number) {
    if (atMs - activityNotedAtMs < ACTIVITY_RESOLUTION_MS && !run.getState().connection.stale) return;
    activityNotedAtMs = atMs;
    run.getState().actions.setHealth({ lastActivityAtMs: atMs, stale: false });
  }

  function safeDecode(frame: unknown, decoder = decode): DecodeResult {
    try {
      const result = decoder(frame);
      const unsafe = result.kind === 'events' ? unsafeEventReason(result.events) : undefined;
      return unsafe === undefined ? result : { kind: 'rejected', reason: unsafe };
    } catch (error) {
      return { kind: 'rejected', reason: `decoder error: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  function release(out: { released: Item[]; duplicates: number; gaps: GapReport[] }) {
    stats.duplicates += out.duplicates;
    for (const item of out.released) {
      for (const event of item.raw ? decodeReleased(item.raw, item.key) : item.events) pending.push(event);
      if (item.cursor !== undefined) {
        cursor = item.cursor;
        if (item.key !== undefined) gapTracker.noteCursor(item.key, item.cursor);
      }
      if (item.advance) sequencer.advanceTo(item.advance.scope, item.advance.seq);
    }
    if (refillOnNextRelease && out.released.length > 0) {
      refillOnNextRelease = false;
      pending.push(...gapTracker.filled('replay after reconnect', now()));
    } else if (!strictGaps && gapTracker.isOpen && sequencer.openHoles() === 0) {
      pending.push(...gapTracker.filled(fillSource, now()));
    }
    for (const gap of out.gaps) reportGap(gap);
    if (sequencer.isHolding()) armExpiry();
  }

  /** decodeInOrder: the session's one decoder reads a released frame, in protocol order. */
  function decodeReleased(raw: NonNullable<Item['raw']>, key: string | undefined): readonly RunEvent[] {
    const result = safeDecode(raw.frame, sessionDecode);
    if (result.kind === 'rejected') {
      quarantine(result, raw.frameIndex);
      return [];
    }
    for (const event of result.events) {
      event.frame = raw.frameIndex;
      if (key !== undefined) event.key = key;
    }
    // The memo was handed on when the frame was placed (acceptPlaced).
    return result.events;
  }

  function quarantine(result: Extract<DecodeResult, { kind: 'rejected' }>, frameIndex: number) {
    stats.rejected += 1;
    issues.push({ frame: frameIndex, reason: result.reason, atMs: now(), ...(result.frameType !== undefined ? { frameType: result.frameType } : {}) });
  }

  /**
   * decodeInOrder: places each frame (split into the live frames it carries) with the
   * per-connection decoder; `release` decodes them with the session's decoder.
   */
  function acceptPlaced(frame: unknown, frameIndex: number, split: (frame: unknown) => unknown[] | undefined) {
    const parts = split(frame);
    const batch: Sequenced<Item>[] = [];
    let placedLast: Extract<DecodeResult, { kind: 'events' }> | undefined;
    for (const part of parts ?? [frame]) {
      const placed = safeDecode(part);
      if (placed.kind === 'rejected') {
        quarantine(placed, frameIndex);
        if (placed.order) batch.push({ order: placed.order, item: { events: [] } });
        continue;
      }
      placedLast = placed;
      // Session bookkeeping (myagent's session id, signed state) is needed on arrival, not in
      // protocol order: a session_created held behind a lost frame must still start the run.
      if (placed.memo) options.onMemo?.(placed.memo);
      const key = placed.order ? orderKey(placed.order) : undefined;
      const item: Item = { events: [], raw: { frame: part, frameIndex }, ...(key !== undefined ? { key } : {}), ...(placed.cursor !== undefined ? { cursor: placed.cursor } : {}), ...(placed.advance ? { advance: placed.advance } : {}) };
      batch.push({ ...(placed.order ? { order: placed.order } : {}), ...(placed.identity !== undefined ? { identity: placed.identity } : {}), item });
    }
    if (parts) fillSource = isHttpReplyFrame(frame) ? 'history' : 'replay';
    else if (placedLast) fillSource = fillSourceOf(frame, placedLast, reconnectedSinceGap);
    release(sequencer.accept(batch, now()));
  }

  function reportGap(gap: GapReport) {
    stats.gaps += 1;
    reconnectedSinceGap = false;
    gapTracker.opened(gap, cursor, !strictGaps && !dialect.decodeInOrder);
    pending.push({ type: 'log', level: 'warn', source: 'runboard', message: `Gap: ${span(gap)} missing; resyncing`, atMs: now() });
    options.onGap?.(gap, gapTracker.resumeCursor(cursor));
  }

  function armExpiry() {
    if (expiryTimer !== undefined || options.manualExpiry) return;
    expiryTimer = setTimeout(() => {
      expiryTimer = undefined;
      release(sequencer.expire(now()));
      queueFlush();
    }, options.graceMs ?? 750);
  }

  /** Turns one decode result into sequencer items (replays carry one key per event). */
  function toSequenced(result: Extract<DecodeResult, { kind: 'events' }>): Sequenced<Item>[] {
    const item: Item = { events: result.events, ...(result.cursor !== undefined ? { cursor: result.cursor } : {}), ...(result.advance ? { advance: result.advance } : {}) };
    if (result.order) {
      const key = orderKey(result.order);
      for (const event of result.events) event.key = key;
      return [{ order: result.order, item: { ...item, key } }];
    }
    const keyed = result.events.some((e) => e.key !== undefined);
    if (!keyed) return [{ ...(result.identity !== undefined ? { identity: result.identity } : {}), item }];
    // One history envelope may map to several events sharing its key: they stay one item.
    // Events without a key (a replay's own warnings) pass unordered.
    const items: Sequenced<Item>[] = [];
    for (const event of result.events) {
      const last = items[items.length - 1];
      if (event.key === undefined) items.push({ item: { events: [event] } });
      else if (last?.order && last.item.events[0]?.key === event.key) last.item.events.push(event);
      else items.push({ order: parseOrderKey(event.key), item: { events: [event] } });
    }
    return items;
  }

  /** One frame: record, decode, sequence, queue (acceptFrame guards it). */
  function acceptOne(frame: unknown): void {
    const frameIndex = frames.addFrame(frame, now());
    stats.frames += 1;
    if (inOrder) {
      acceptPlaced(frame, frameIndex, inOrder.split);
      queueFlush();
      return;
    }
    const result = safeDecode(frame);
    if (result.kind === 'rejected') {
      quarantine(result, frameIndex);
      // A bad frame that still told its seq keeps its place: no false gap, no resync.
      if (result.order) release(sequencer.accept([{ order: result.order, item: { events: [] } }], now()));
      queueFlush();
      return;
    }
    for (const event of result.events) event.frame = frameIndex;
    if (result.memo) options.onMemo?.(result.memo);
    fillSource = fillSourceOf(frame, result, reconnectedSinceGap);
    release(sequencer.accept(toSequenced(result), now()));
    queueFlush();
  }

  return {
    /** One frame exactly as the transport delivered it. */
    acceptFrame(frame: unknown): void {
      try {
        acceptOne(frame);
      } catch (error) {
        internalError(error);
      }
    },
    /** An event of this browser's own (the audit row of a person's action): never sequenced or recorded as a frame. */
    acceptLocal(event: RunEvent): void {
      pending.push(event);
      queueFlush();
    },
    /** Keep-alive without a frame (SSE comment, pong). */
    alive(): void {
      noteActivity(now());
    },
    /** A new connection: dialects whose seq restarts per connection get a fresh scope (via the epoch). */
    newEpoch(): void {
      epoch += 1;
      // decodeInOrder: only the placing decoder is per connection; the session's one stays.
      decode = dialect.createDecoder({ runId: options.runId, epoch });
      frames.addConnection(epoch, now());
      // The new connection resumes from the cursor before any held frame: they come again.
      sequencer.discardHeld();
      sequencer.dropClosedScopes();
      reconnectedSinceGap = true;
      if (strictGaps && gapTracker.isOpen) refillOnNextRelease = true;
    },
    /** Declares gaps whose grace period has run out by `now()` (replay's clock; see manualExpiry). */
    expireHeld(): void {
      const out = sequencer.expire(now());
      if (out.released.length === 0 && out.gaps.length === 0) return;
      release(out);
      queueFlush();
    },
    /** Where a resume (replay sinceSeq, Last-Event-ID, last_seq) starts: before an open gap. */
    get cursor(): string | undefined {
      return gapTracker.resumeCursor(cursor);
    },
    /** True while a declared gap is not filled yet. */
    get hasOpenGap(): boolean {
      return gapTracker.isOpen;
    },
    get epoch(): number {
      return epoch;
    },
    /** Applies everything queued now (tests, replay's instant mode, teardown). */
    flushNow(): void {
      if (pending.length > 0 || issues.length > 0 || stats.frames > 0) flush();
    },
    dispose(): void {
      clearTimeout(expiryTimer);
    },
  };
}

/** What kind of answer closed a gap, for the "filled by" row. */
function fillSourceOf(frame: unknown, result: Extract<DecodeResult, { kind: 'events' }>, reconnected: boolean): FillSource {
  if (isHttpReplyFrame(frame)) return /\/events\b/.test(frame.reply.path) ? 'history' : 'snapshot';
  if (!result.order && result.events.some((e) => e.key !== undefined)) return 'replay';
  return reconnected ? 'resumed stream' : 'late frame';
}

function recordInternalError(run: RunStore, error: unknown, atMs: number): void {
  try {
    run.getState().actions.recordIssues([{ frame: -1, reason: `internal error: ${String(error)}`, atMs }]);
  } catch {
    // The store itself is broken: nothing left to show it in.
  }
}

function parseOrderKey(key: string): FrameOrder {
  const at = key.lastIndexOf('#');
  return { scope: key.slice(0, at), seq: Number(key.slice(at + 1)) };
}
