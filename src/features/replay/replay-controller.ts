/**
 * The port the replay player drives, declared here so the feature imports no ingest code:
 * app/ adapts the replay cursor and timeline to it. Positions count frames applied
 * (1..total once there is a frame); the URL's `at` is `position - 1`.
 */
export type ReplayMarkKind = 'chapter' | 'gate' | 'failure';

export type ReplayMark = Readonly<{ kind: ReplayMarkKind; position: number; label: string }>;

export type ReplayController = Readonly<{
  total: number;
  /** Recorded arrival time (ms since start) of frame i at times[i]. */
  times: ArrayLike<number>;
  marks: readonly ReplayMark[];
  position: () => number;
  seek: (position: number) => void;
  subscribe: (listener: () => void) => () => void;
}>;

export type ReplaySpeed = 0.25 | 0.5 | 1 | 2 | 5 | 10 | 100 | 'instant';

export const SPEEDS: readonly ReplaySpeed[] = [0.25, 0.5, 1, 2, 5, 10, 100, 'instant'];

/** The first position a replay shows: after its first frame (there is no frame "-1" to link to). */
export function firstPosition(controller: ReplayController): number {
  return Math.min(1, controller.total);
}

/** The next (or previous) mark of one kind from `position`, or undefined. */
export function findMark(marks: readonly ReplayMark[], kind: ReplayMarkKind, position: number, direction: 1 | -1): ReplayMark | undefined {
  if (direction === 1) return marks.find((m) => m.kind === kind && m.position > position);
  for (let i = marks.length - 1; i >= 0; i--) {
    const mark = marks[i];
    if (mark && mark.kind === kind && mark.position < position) return mark;
  }
  return undefined;
}

/** The last position whose frame arrived at or before `atMs` (binary search over times). */
export function positionAtTime(times: ArrayLike<number>, atMs: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] ?? Infinity) <= atMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
