/**
 * Drives the pure ingest pipeline for a live session: records each frame, feeds it in,
 * schedules one flush per animation frame (frame-scheduler.ts), applies each batch to the
 * stores (apply-batch.ts), and wakes the pipeline when a held frame's wait runs out. The
 * timers and the schedule live here, not in create-ingest.ts, so the pipeline stays a
 * function of frames and the clock (replay drives it with the recording's clock instead).
 */
import type { RunEvent } from '@/protocol/run-event';

import { applyBatch, type BatchTarget } from '@/ingest/apply-batch';
import type { Batch } from '@/ingest/batch';
import type { Ingest } from '@/ingest/create-ingest';
import type { FrameLog } from '@/ingest/frame-log';
import type { Schedule } from '@/ingest/frame-scheduler';

/** How often stream activity is written to the store: stale means tens of seconds of silence. */
const ACTIVITY_RESOLUTION_MS = 1_000;

export type DriveOptions = Readonly<{
  ingest: Ingest;
  target: BatchTarget;
  frames: FrameLog;
  schedule: Schedule;
  now: () => number;
  /** After a held frame's wait ran out (a hole given up may let the session close an ended stream). */
  afterTick?: () => void;
}>;

export function driveIngest({ ingest, target, frames, schedule, now, afterTick }: DriveOptions) {
  let flushQueued = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDueMs = Infinity;
  let activityNotedAtMs = -Infinity;
  let disposed = false;

  function flush(): void {
    flushQueued = false;
    if (disposed) return;
    const batch = ingest.take();
    if (batch) apply(batch);
    noteActivity(now());
    armTimer();
  }

  /** A throw in a store action (a bug) must not lose the stream: it becomes an issue. */
  function apply(batch: Batch): void {
    try {
      applyBatch(target, batch);
    } catch (error) {
      const issue = { frame: -1, reason: `internal error: ${error instanceof Error ? error.message : String(error)}`, atMs: now() };
      try {
        applyBatch(target, { events: [], issues: [issue], stats: { ...batch.stats, frames: 0 }, atMs: batch.atMs });
      } catch {
        // The store itself is broken: nothing left to show it in.
      }
    }
  }

  function queueFlush(): void {
    if (flushQueued || disposed) return;
    flushQueued = true;
    schedule(flush);
  }

  /** One timer, at the earliest moment a held frame's wait runs out. */
  function armTimer(): void {
    const due = ingest.nextDeadlineMs();
    if (due === undefined || due >= timerDueMs || disposed) return;
    clearTimeout(timer);
    timerDueMs = due;
    timer = setTimeout(() => {
      timerDueMs = Infinity;
      ingest.tick();
      queueFlush();
      afterTick?.();
    }, Math.max(0, due - now()));
  }

  /** Liveness for the stale check, at most once a second (a write per flush would wake every run-store subscriber). */
  function noteActivity(atMs: number): void {
    if (atMs - activityNotedAtMs < ACTIVITY_RESOLUTION_MS && !target.run.getState().connection.stale) return;
    activityNotedAtMs = atMs;
    target.run.getState().actions.setHealth({ lastActivityAtMs: atMs, stale: false });
  }

  return {
    /** A frame as the transport delivered it: recorded, then read. */
    accept(frame: unknown): void {
      ingest.accept(frame, frames.addFrame(frame, now()));
      queueFlush();
      armTimer();
    },
    /** A command this session sent (read by dialects whose interpreter reads its own commands). */
    outbound(command: unknown): void {
      ingest.outbound(command);
      queueFlush();
    },
    /** An event of this browser's own (an audit row). */
    local(event: RunEvent): void {
      ingest.local(event);
      queueFlush();
    },
    /** A keep-alive without a frame (SSE comment, pong). */
    alive(): void {
      noteActivity(now());
    },
    /** A new connection begins: the recording marks it, protocols numbering per connection start a new scope. */
    newConnection(): void {
      ingest.newConnection();
      frames.addConnection(ingest.connection, now());
    },
    /** Applies what is pending now (before deciding to reconnect, before a resync's next step, at teardown). */
    flushNow(): void {
      if (ingest.hasPending) flush();
    },
    dispose(): void {
      disposed = true;
      clearTimeout(timer);
    },
  };
}

export type IngestDriver = ReturnType<typeof driveIngest>;
