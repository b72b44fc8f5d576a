/**
 * A new layout hands back the previous layout's node and edge objects wherever they are
 * unchanged. React Flow compares the objects it is given by identity: a new object makes
 * it rebuild that node's internals, forget its measured size and measure its handles again
 * (a forced layout per node), and re-render it. Layout builds every object afresh (and a
 * worker's answer is a structured copy), so without this a run growing by 20 steps made
 * React Flow redo all of its nodes, not the 20 new ones (benchmark 3's growing run).
 */
import type { CanvasEdge, CanvasNode, LayoutResult } from '@/features/canvas/layout/layout-types';

export function keepUnchanged(previous: LayoutResult | undefined, next: LayoutResult): LayoutResult {
  // A big graph's layout builds React Flow objects only per window (compact-result.ts): nothing to hand back.
  if (!previous || previous.compact !== undefined) return next;
  const nodes = reuse(previous.nodes, next.nodes, sameNode);
  const edges = reuse(previous.edges, next.edges, sameEdge);
  if (nodes === next.nodes && edges === next.edges) return next;
  return { ...next, nodes, edges };
}

/** `next` with each element replaced by the previous one of its id when `same`; `next` itself if none was. */
function reuse<T extends { id: string }>(previous: readonly T[], next: T[], same: (a: T, b: T) => boolean): T[] {
  const byId = new Map<string, T>();
  for (const item of previous) byId.set(item.id, item);
  let out: T[] | undefined;
  for (let i = 0; i < next.length; i++) {
    const item = next[i] as T;
    const old = byId.get(item.id);
    if (old === undefined || old === item || !same(old, item)) continue;
    out ??= next.slice();
    out[i] = old;
  }
  return out ?? next;
}

function sameNode(a: CanvasNode, b: CanvasNode): boolean {
  return (
    a.type === b.type &&
    a.position.x === b.position.x &&
    a.position.y === b.position.y &&
    a.width === b.width &&
    a.height === b.height &&
    a.sourcePosition === b.sourcePosition &&
    a.targetPosition === b.targetPosition &&
    a.selected === b.selected &&
    sameData(a.data, b.data)
  );
}

function sameEdge(a: CanvasEdge, b: CanvasEdge): boolean {
  return a.source === b.source && a.target === b.target && a.type === b.type && sameData(a.data, b.data);
}

/** Layout data holds strings, booleans and arrays of ids: equal when every field is. */
function sameData(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  const recA = a as Record<string, unknown>;
  const recB = b as Record<string, unknown>;
  return keysA.every((key) => sameValue(recA[key], recB[key]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item, i) => Object.is(item, b[i]));
}
