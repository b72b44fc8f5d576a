/**
 * "Export recording" from a replay: the recording's own lines (a keyframed one's without
 * its old keyframes) followed by keyframes of the snapshots this replay holds
 * (recording-keyframes.ts), so the file it writes opens without re-running the reducers.
 */
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore } from '@/stores/run-store';

import type { ReplayTimeline } from '@/ingest/build-replay';
import { encodeKeyframes } from '@/ingest/recording-keyframes';
import { fullState, type ReplaySnapshot } from '@/ingest/replay-snapshots';

export function keyframedRecording(timeline: ReplayTimeline): string {
  const { snapshots, loaded, log, lines, plainLines, total } = timeline;
  const list: ReplaySnapshot[] = [];
  for (let i = 0; i < snapshots.length; i++) list.push(snapshots.at(i) as ReplaySnapshot);
  list.push({ position: total, run: fullState(loaded.run), byId: loaded.byId(), checkpoint: log.checkpoint() });
  // The stores as a replay of this recording starts them: the first keyframe is a patch on these.
  const { runId, dialect, source } = loaded.run.getState();
  const base = { run: fullState(createRunStore({ runId, dialect, source })), byId: createNodeStatusStore().getState().byId };
  const plain = lines.toText(plainLines);
  return `${plain}${plain.endsWith('\n') ? '' : '\n'}${encodeKeyframes(list, base, snapshots.every, plainLines)}`;
}
