/**
 * Replay's snapshots: the stores' state every `every` frames, so a seek restores the
 * nearest one and applies at most `every` frames. Bounded two ways, so a million-frame
 * recording does not keep thousands of copies of its state:
 *
 * - Count: at most MAX_SNAPSHOTS (never closer than MIN_EVERY frames), so their number does
 *   not grow with the recording; a seek then applies at most total / MAX_SNAPSHOTS frames.
 * - Size: the run state's growing arrays (cost points, gate order, chapters, graph order and
 *   edges) are copied on write by the reducers, so each snapshot would hold its own copy of
 *   a list that only grows — quadratic memory. Like keyframes in a video, every
 *   KEYFRAME_EVERY-th snapshot is kept whole, and the snapshots before it keep each array as
 *   "the keyframe's first n elements" plus the elements of their own after those (checked
 *   element by element: shared only where identical). Restoring rebuilds the array.
 *
 * Exact by construction: a restored state deep-equals the one captured (guarded by
 * replay-snapshots.test.ts and the seek-equals-play tests in tests/integration).
 */
import type { LogCheckpoint } from '@/stores/event-log';
import type { NodeMap } from '@/stores/node-map';
import type { RunStore } from '@/stores/run-store';
import type { RunState } from '@/stores/run-types';

import type { BatchTarget } from '@/ingest/apply-batch';

export const MIN_EVERY = 128;
export const MAX_SNAPSHOTS = 256;
const KEYFRAME_EVERY = 16;
/** Arrays shorter than this are kept as they are (sharing them saves nothing). */
const SHARE_FROM = 32;

export type ReplaySnapshot = Readonly<{ position: number; run: RunState; checkpoint: LogCheckpoint; byId: NodeMap }>;

/** What a seek reads: snapshot `index` is the state at position index × every (ReplaySnapshots, or a keyframed recording's). */
export type SnapshotList = Readonly<{
  every: number;
  length: number;
  at: (index: number) => ReplaySnapshot | undefined;
}>;

/** An array kept as a prefix of the base's array at the same path, plus its own tail. */
type Shared = Readonly<{ path: readonly string[]; length: number; tail: readonly unknown[] }>;

type Stored = Readonly<{ snapshot: ReplaySnapshot; base?: RunState; shared: readonly Shared[] }>;

/** The stores' state now, as a snapshot at `position`. */
export function captureSnapshot(position: number, { log, run, nodeStatus }: BatchTarget): ReplaySnapshot {
  return { position, run: fullState(run), checkpoint: log.checkpoint(), byId: nodeStatus.getState().byId };
}

/** The run's state without its actions; optional keys are written out so restoring over a later state clears them. */
export function fullState(run: RunStore): RunState {
  const { actions: _actions, ...state } = run.getState();
  return withOptionalKeys(state as RunState);
}

/** `state` with its optional keys written out (a store's restore merges: a key left out would keep the later value). */
export function withOptionalKeys(state: RunState): RunState {
  return { title: undefined, startedAtMs: undefined, endedAtMs: undefined, timesReceived: undefined, error: undefined, ...state } as RunState;
}

/** Frames between snapshots for a recording of up to `frames` frames. */
export function snapshotEvery(frames: number): number {
  return Math.max(MIN_EVERY, Math.ceil(frames / MAX_SNAPSHOTS));
}

export class ReplaySnapshots {
  private readonly stored: Stored[] = [];
  /** Snapshots since the last keyframe, kept whole until the next keyframe is taken. */
  private pending: ReplaySnapshot[] = [];

  constructor(readonly every: number) {}

  get length(): number {
    return this.stored.length + this.pending.length;
  }

  /** Adds the next snapshot (position = length × every). */
  add(snapshot: ReplaySnapshot): void {
    this.pending.push(snapshot);
    if (this.pending.length === KEYFRAME_EVERY) this.flush(snapshot.run);
  }

  /** Replaces the last snapshot (the recording's end, once the stream settled). */
  replaceLast(snapshot: ReplaySnapshot): void {
    if (this.pending.length === 0) this.pending.push(...this.stored.splice(-KEYFRAME_EVERY).map(wholeOf));
    this.pending[this.pending.length - 1] = snapshot;
  }

  /** Shares what the snapshots taken since the last keyframe have in common with the final state. */
  finish(final: RunState): void {
    this.flush(final);
  }

  /** The snapshot with this index (at position index × every), its state rebuilt. */
  at(index: number): ReplaySnapshot | undefined {
    if (index >= this.stored.length) return this.pending[index - this.stored.length];
    const stored = this.stored[index];
    return stored && wholeOf(stored);
  }

  private flush(base: RunState): void {
    for (const snapshot of this.pending) this.stored.push(share(snapshot, base));
    this.pending = [];
  }
}

function share(snapshot: ReplaySnapshot, base: RunState): Stored {
  if (snapshot.run === base) return { snapshot, shared: [] };
  const shared: Shared[] = [];
  const run = stripShared(snapshot.run as unknown as Record<string, unknown>, base as unknown as Record<string, unknown>, [], shared);
  return shared.length === 0 ? { snapshot, shared } : { snapshot: { ...snapshot, run: run as unknown as RunState }, base, shared };
}

/** A copy of `value` without the array elements it shares with `base` (recorded in `shared`); at most two levels deep. */
function stripShared(value: Record<string, unknown>, base: Record<string, unknown>, path: readonly string[], shared: Shared[]): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const mine = value[key];
    const theirs = base[key];
    let replacement: unknown;
    if (Array.isArray(mine) && Array.isArray(theirs) && mine !== theirs && mine.length >= SHARE_FROM) {
      const length = commonPrefix(mine, theirs);
      if (length >= SHARE_FROM) {
        shared.push({ path: [...path, key], length, tail: mine.slice(length) });
        replacement = EMPTY;
      }
    } else if (path.length === 0 && isPlainObject(mine) && isPlainObject(theirs) && mine !== theirs) {
      const inner = stripShared(mine, theirs, [key], shared);
      if (inner !== mine) replacement = inner;
    }
    if (replacement !== undefined) (out ??= { ...value })[key] = replacement;
  }
  return out ?? value;
}

function wholeOf(stored: Stored): ReplaySnapshot {
  const { snapshot, base, shared } = stored;
  if (!base || shared.length === 0) return snapshot;
  const run = { ...snapshot.run } as Record<string, unknown>;
  for (const { path, length, tail } of shared) {
    const [outer, inner] = path as [string, string | undefined];
    const full = (arrayAt(base, path) ?? []).slice(0, length).concat(tail);
    if (inner === undefined) run[outer] = full;
    else run[outer] = { ...(run[outer] as Record<string, unknown>), [inner]: full };
  }
  return { ...snapshot, run: run as unknown as RunState };
}

function arrayAt(state: RunState, path: readonly string[]): unknown[] | undefined {
  let value: unknown = state;
  for (const key of path) value = isPlainObject(value) ? value[key] : undefined;
  return Array.isArray(value) ? value : undefined;
}

function commonPrefix(a: readonly unknown[], b: readonly unknown[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const EMPTY: readonly unknown[] = [];
