/**
 * The replay playhead: puts a session's stores in the state they had after N frames.
 *
 * Forward without passing a snapshot: apply the frames in between as ONE batch (the
 * reducers are folds, so one batch of k frames equals k batches; replay-session.test.ts
 * guards "play to N" == "seek to N"). Further, or backwards: restore the nearest snapshot
 * at or before N (the event log truncates, or takes rows forward from the loader's log)
 * and apply at most `snapshots.every` frames. Only writer of the replay session's stores;
 * the player reads `position` and subscribes for changes.
 */
import { applyBatch, type BatchTarget } from '@/ingest/apply-batch';
import { noteActivity, type ReplayTimeline } from '@/ingest/build-replay';

export type ReplayCursor = Readonly<{
  readonly position: number;
  /** Moves to `position` (clamped to 0..total) and notifies subscribers. */
  seek: (position: number) => void;
  subscribe: (listener: () => void) => () => void;
}>;

export function createReplayCursor(timeline: ReplayTimeline, target: BatchTarget): ReplayCursor {
  const { log, run, nodeStatus } = target;
  const listeners = new Set<() => void>();
  let position = 0;

  function applyRange(from: number, to: number) {
    const batch = timeline.frames.batchOf(from, to);
    if (!batch) return;
    applyBatch(target, batch);
    noteActivity(run, batch.atMs);
  }

  function restore(index: number) {
    const snap = timeline.snapshots.at(index);
    if (!snap) return;
    log.restoreFrom(timeline.log, snap.checkpoint);
    run.getState().actions.restore(snap.run);
    nodeStatus.getState().actions.restore(snap.byId);
    position = snap.position;
  }

  return {
    get position() {
      return position;
    },
    seek(target) {
      const to = Math.max(0, Math.min(timeline.total, Math.round(target)));
      if (to === position) return;
      const every = timeline.snapshots.every;
      const nearest = Math.floor(to / every);
      const snapAt = nearest * every;
      // Forward past no snapshot: just apply the frames in between.
      if (to < position || snapAt > position) restore(nearest);
      applyRange(position, to);
      position = to;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
