/**
 * The overview's statuses by scene index (a byte each: NODE_STATUSES' index) and the
 * legend's counts, brought up to date once per drawn frame rather than once per store
 * change. At 1,000 status changes a second the node-status store changes several times a
 * frame, and comparing 50,000 entries (then counting them all again for the legend) on
 * each change took most of the main thread. Here a change only asks for a frame; the
 * frame compares the store's map with the one it last saw by reference, chunk by chunk
 * (a batch replaces only what it touched), and moves each changed step's count from its
 * old status to its new one. So the canvas and the legend show the same statuses — the
 * store's latest — from the frame after they changed. A group takes its most urgent
 * member's status, as its box does. Pure but for the listeners; overview-scene.test.ts.
 */
import { NODE_STATUSES, type NodeStatus } from '@/protocol/run-event';
import { forEachChanged, nodeOf, type NodeMap } from '@/stores/node-map';

import type { OverviewScene } from '@/features/canvas/overview/overview-scene';
import { dominantStatus } from '@/features/canvas/summarize-statuses';

const INDEX = Object.fromEntries(NODE_STATUSES.map((status, i) => [status, i])) as Record<NodeStatus, number>;

export type StatusSync = {
  readonly scene: OverviewScene;
  /** NODE_STATUSES' index by scene index. */
  readonly statuses: Uint8Array;
  /** Steps per status (a group's members each count), by NODE_STATUSES' index. */
  readonly counts: number[];
  /** The scene index each step is drawn at (a group member: its group's). */
  readonly placeOf: ReadonlyMap<string, number>;
  /** The counts as one string: the legend re-renders only when it changes. */
  key: string;
  /** The node-status map the statuses and counts were last brought to. */
  seen: NodeMap;
  readonly listeners: Set<() => void>;
};

const statusOf = (byId: NodeMap, id: string) => INDEX[nodeOf(byId, id)?.status ?? 'pending'];
const markOf = (scene: OverviewScene, i: number, byId: NodeMap) => {
  const members = scene.members[i];
  return members ? INDEX[dominantStatus(byId, members)] : statusOf(byId, scene.ids[i] ?? '');
};

export function createStatusSync(scene: OverviewScene, byId: NodeMap): StatusSync {
  const statuses = new Uint8Array(scene.ids.length);
  const counts = NODE_STATUSES.map(() => 0);
  const placeOf = new Map<string, number>();
  scene.ids.forEach((id, i) => {
    statuses[i] = markOf(scene, i, byId);
    for (const member of scene.members[i] ?? [id]) {
      counts[statusOf(byId, member)]! += 1;
      placeOf.set(member, i);
    }
  });
  return { scene, statuses, counts, placeOf, key: counts.join(','), seen: byId, listeners: new Set() };
}

/**
 * Brings `sync` to `byId`; true when a mark changed. Tells the listeners when a count did.
 * Only the entries that differ from the last map seen are visited (node-map.ts compares the
 * two chunk by chunk), so a frame after a few changes costs a few steps, not the scene's size.
 */
export function syncStatuses(sync: StatusSync, byId: NodeMap): boolean {
  const prev = sync.seen;
  if (prev === byId) return false;
  sync.seen = byId;
  const { scene, statuses, counts, placeOf } = sync;
  const touched = new Set<number>();
  forEachChanged(prev, byId, (id) => {
    const i = placeOf.get(id);
    if (i === undefined) return;
    counts[statusOf(prev, id)]! -= 1;
    counts[statusOf(byId, id)]! += 1;
    touched.add(i);
  });
  let changed = false;
  for (const i of touched) {
    const mark = markOf(scene, i, byId);
    if (mark !== statuses[i]) [statuses[i], changed] = [mark, true];
  }
  const key = counts.join(',');
  if (key !== sync.key) {
    sync.key = key;
    for (const listener of sync.listeners) listener();
  }
  return changed;
}

export function subscribeCounts(sync: StatusSync, listener: () => void): () => void {
  sync.listeners.add(listener);
  return () => void sync.listeners.delete(listener);
}
