/**
 * The overview's statuses by scene index (a byte each: NODE_STATUSES' index), kept in
 * step with the node-status store. A batch replaces only the entries it touched
 * (reduceNodeStatus), so comparing entries by reference finds the changes; a group
 * takes its most urgent member's status, as its box does. Pure; overview-scene.test.ts.
 */
import { NODE_STATUSES, type NodeStatus } from '@/protocol/run-event';
import type { NodeState } from '@/stores/node-types';

import type { OverviewScene } from '@/features/canvas/overview/overview-scene';
import { dominantStatus } from '@/features/canvas/summarize-statuses';

type ById = Readonly<Record<string, NodeState>>;

const INDEX = Object.fromEntries(NODE_STATUSES.map((status, i) => [status, i])) as Record<NodeStatus, number>;

function statusAt(scene: OverviewScene, i: number, byId: ById): number {
  const members = scene.members[i];
  return INDEX[members ? dominantStatus(byId, members) : (byId[scene.ids[i] ?? '']?.status ?? 'pending')];
}

export function readStatuses(scene: OverviewScene, byId: ById): Uint8Array {
  const out = new Uint8Array(scene.ids.length);
  for (let i = 0; i < out.length; i++) out[i] = statusAt(scene, i, byId);
  return out;
}

/** Updates `statuses` in place from `prev` → `next`; true when any mark changed. */
export function updateStatuses(scene: OverviewScene, statuses: Uint8Array, next: ById, prev: ById): boolean {
  if (next === prev) return false;
  let changed = false;
  for (let i = 0; i < statuses.length; i++) {
    const members = scene.members[i];
    const id = scene.ids[i] ?? '';
    if (!members && next[id] === prev[id]) continue;
    const status = statusAt(scene, i, next);
    if (status !== statuses[i]) {
      statuses[i] = status;
      changed = true;
    }
  }
  return changed;
}

const countKeys = new WeakMap<object, { scene: OverviewScene; key: string }>();

/**
 * How many steps are in each status (a group's members each count), as a primitive key;
 * kept per `byId` object, since the selector runs on every change and again on render.
 */
export function statusCountKey(scene: OverviewScene, byId: ById): string {
  const known = countKeys.get(byId);
  if (known?.scene === scene) return known.key;
  const key = countStatuses(scene, byId);
  countKeys.set(byId, { scene, key });
  return key;
}

function countStatuses(scene: OverviewScene, byId: ById): string {
  const counts = NODE_STATUSES.map(() => 0);
  scene.ids.forEach((id, i) => {
    for (const member of scene.members[i] ?? [id]) counts[INDEX[byId[member]?.status ?? 'pending']]! += 1;
  });
  return counts.join(',');
}
