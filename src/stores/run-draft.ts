/**
 * The run reducer's working copy of one batch (reduce-run.ts and its slice modules): the
 * draft state, what the batch has copied already, and the small helpers they share.
 */
import type { StreamedText } from '@/protocol/run-event';

import type { RunState } from '@/stores/run-types';

export type Draft = { -readonly [K in keyof RunState]: RunState[K] };

/** What one batch owns already, kept beside the draft (so the new state object carries no bookkeeping). */
export type BatchScratch = {
  /** Set once this batch copied `graph`: later additions in the batch mutate the copy (O(n) per batch, not per node). */
  ownsGraph: boolean;
  /** The same for `cost.points`: a batch of many cost events copies it once. */
  ownsCost: boolean;
  /** Each node's cost so far in this batch: written into `cost.byNode` once, at the end of the batch. */
  costByNode: Map<string, number> | undefined;
  /**
   * Each streaming node's text so far in this batch (its tail before the batch plus the
   * batch's deltas, concatenated): cut to TAIL_CHARS once per node per batch, not once per
   * token. Why: the cut flattens the string, and a batch holds dozens of tokens per node.
   * The last TAIL_CHARS characters of the whole are the same however often it is cut.
   */
  tailText: Map<string, string> | undefined;
  /** Nodes whose streamed-text mark this batch changed: written into `streamedText` once, at the end of the batch. */
  textMarks: Map<string, StreamedText> | undefined;
  /** The same for `gates` and `gateOrder`: a batch of many gate events copies them once, not once per event. */
  ownsGates: boolean;
  /** State patches that could not be applied: their frames count as rejected (the diagnostics list them). */
  rejectedPatches: number;
};

/** Spreads `{key: value}` only when value is defined (exactOptionalPropertyTypes-friendly). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]: V });
}
