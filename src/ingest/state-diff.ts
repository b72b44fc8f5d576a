/**
 * What changed between two states of a replay's stores, as a patch a keyframe line carries
 * (applied and checked by protocol/keyframe-patch.ts, which documents the form). The stores
 * copy on write, so "unchanged" is "the same object": comparing references finds what a
 * keyframe must carry without walking the parts nobody touched, and a list that only grew
 * (cost points, gate order, graph order) is written as its new elements.
 */
export type StatePatch = Readonly<{ v: unknown }> | Readonly<{ a: readonly unknown[] }> | Readonly<{ o?: Record<string, StatePatch>; d?: string[] }>;

/** The patch from `prev` to `next`; undefined when they are the same. */
export function diffState(prev: unknown, next: unknown): StatePatch | undefined {
  if (prev === next) return undefined;
  if (Array.isArray(prev) && Array.isArray(next)) return diffArray(prev, next);
  if (isPlainObject(prev) && isPlainObject(next)) return diffObject(prev, next);
  return { v: next };
}

function diffArray(prev: readonly unknown[], next: readonly unknown[]): StatePatch | undefined {
  let same = 0;
  const n = Math.min(prev.length, next.length);
  while (same < n && prev[same] === next[same]) same++;
  if (same === prev.length) return next.length === prev.length ? undefined : { a: next.slice(same) };
  // JSON has no undefined: an array with holes goes whole (its schema reads null as none).
  if (next.length !== prev.length || next.includes(undefined)) return { v: next };
  const o: Record<string, StatePatch> = {};
  for (let i = same; i < next.length; i++) {
    const patch = diffState(prev[i], next[i]);
    if (patch) o[i] = patch;
  }
  return { o };
}

function diffObject(prev: Readonly<Record<string, unknown>>, next: Readonly<Record<string, unknown>>): StatePatch | undefined {
  let o: Record<string, StatePatch> | undefined;
  let d: string[] | undefined;
  for (const key of Object.keys(next)) {
    const value = next[key];
    if (value === undefined) continue;
    const patch = diffState(prev[key], value);
    if (patch) (o ??= {})[key] = patch;
  }
  for (const key of Object.keys(prev)) {
    if (prev[key] !== undefined && next[key] === undefined) (d ??= []).push(key);
  }
  if (!o && !d) return undefined;
  return { ...(o ? { o } : {}), ...(d ? { d } : {}) };
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
