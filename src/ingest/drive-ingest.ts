/**
 * Drives the pure ingest pipeline for a live session: records each frame, feeds it in,
 * schedules one flush per paint (paint-schedule.ts), applies each batch to the
 * stores (apply-batch.ts), and wakes the pipeline when a held frame's wait runs out. The
 * timers and the schedule live here, not in create-ingest.ts, so the pipeline stays a
 * function of frames and the clock (replay drives it with the recording's clock instead).
 */
import type { RunEvent } from '@/protocol/run-event';

import { applyBatch, type BatchTarget } from '@/ingest/apply-batch';
import type { Batch } from '@/ingest/batch';
import type { Ingest } from '@/ingest/create-ingest';
import type { FrameLog } from '@/ingest/frame-log';
import type { PaintSchedule } from '@/ingest/paint-schedule';
import { errorMessage } from '@/lib/error-message';

/** How often stream activity is written to the store: stale means tens of seconds of silence. */
const ACTIVITY_RESOLUTION_MS = 1_000;

export type DriveOptions = Readonly<{
  ingest: Ingest;
  target: BatchTarget;
  frames: FrameLog;
  schedule: PaintSchedule;
  now: () => number;
  /** After a held frame's wait ran out (a hole given up may let the session close an ended stream). */
  afterTick?: () => void;
}>;

export class IngestDriver {
  private flushQueued = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerDueMs = Infinity;
  private activityNotedAtMs = -Infinity;
  private disposed = false;

  constructor(private readonly options: DriveOptions) {}

  /** A frame as the transport delivered it (with its text's length and its own text, when known): recorded, then read. */
  receive(frame: unknown, textLength?: number, frameText?: string): void {
    const { ingest, frames, now } = this.options;
    ingest.feed(frame, frames.addFrame(frame, now(), textLength, frameText));
    this.queueFlush();
    this.armTimer();
  }

  /** A command this session sent (read by dialects whose interpreter reads its own commands). */
  outbound(command: unknown): void {
    this.options.ingest.outbound(command);
    this.queueFlush();
  }

  /** An event of this browser's own (an audit row). */
  local(event: RunEvent): void {
    this.options.ingest.local(event);
    this.queueFlush();
  }

  /** A keep-alive without a frame (SSE comment, pong). */
  alive(): void {
    this.noteActivity(this.options.now());
  }

  /** A new connection begins: the recording marks it, protocols numbering per connection start a new scope. */
  newConnection(): void {
    const { ingest, frames, now } = this.options;
    ingest.newConnection();
    frames.addConnection(ingest.connection, now());
  }

  /** Applies what is pending now (before deciding to reconnect, before a resync's next step, at teardown). */
  flushNow(): void {
    if (this.options.ingest.hasPending) this.flush();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private readonly flush = (): void => {
    this.flushQueued = false;
    if (this.disposed) return;
    const batch = this.options.ingest.take();
    if (batch) this.apply(batch);
    this.noteActivity(this.options.now());
    this.armTimer();
  };

  /** A throw in a store action (a bug) must not lose the stream: it becomes an issue. */
  private apply(batch: Batch): void {
    const { target, now } = this.options;
    try {
      applyBatch(target, batch);
    } catch (error) {
      const issue = { frame: -1, reason: `internal error: ${errorMessage(error)}`, atMs: now() };
      try {
        applyBatch(target, { events: [], issues: [issue], stats: { ...batch.stats, frames: 0 }, atMs: batch.atMs });
      } catch {
        // The store itself is broken: nothing left to show it in.
      }
    }
  }

  private queueFlush(): void {
    if (this.flushQueued || this.disposed) return;
    this.flushQueued = true;
    this.options.schedule(this.flush);
  }

  /** One timer, at the earliest moment a held frame's wait runs out. */
  private armTimer(): void {
    const { ingest, now } = this.options;
    const due = ingest.nextDeadlineMs();
    if (due === undefined || due >= this.timerDueMs || this.disposed) return;
    clearTimeout(this.timer);
    this.timerDueMs = due;
    this.timer = setTimeout(() => {
      this.timerDueMs = Infinity;
      ingest.tick();
      this.queueFlush();
      this.options.afterTick?.();
    }, Math.max(0, due - now()));
  }

  /** Liveness for the stale check, at most once a second (a write per flush would wake every run-store subscriber). */
  private noteActivity(atMs: number): void {
    const { run } = this.options.target;
    if (atMs - this.activityNotedAtMs < ACTIVITY_RESOLUTION_MS && !run.getState().connection.stale) return;
    this.activityNotedAtMs = atMs;
    run.getState().actions.setHealth({ lastActivityAtMs: atMs, stale: false });
  }
}

export function driveIngest(options: DriveOptions): IngestDriver {
  return new IngestDriver(options);
}
