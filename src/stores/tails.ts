/**
 * The run store's `tails`: the last TAIL_CHARS characters of each node's streamed text, for
 * the canvas, in a bucket map (bucket-map.ts: a token batch copies only the buckets of the
 * nodes it streamed to). Read a tail with `tailOf`, never by indexing.
 */
import { bucketEntries, bucketGet, NO_BUCKETS, withBucketEntries, type BucketMap } from '@/stores/bucket-map';
import { TAIL_CHARS } from '@/stores/node-types';

export type Tails = BucketMap<string>;

export const NO_TAILS: Tails = NO_BUCKETS;

/** The node's tail, or undefined when it has streamed nothing. */
export function tailOf(tails: Tails, nodeId: string): string | undefined {
  return bucketGet(tails, nodeId);
}

/** Every node's tail, in no particular order (tests, diagnostics). */
export function tailEntries(tails: Tails): [string, string][] {
  return bucketEntries(tails);
}

/**
 * `tails` with each node of `texts` set to the last TAIL_CHARS characters of its text. `texts` is
 * the batch's own map, cut in place (each text once: the cut flattens the string).
 */
export function withTails(tails: Tails, texts: Map<string, string>): Tails {
  for (const [nodeId, text] of texts) if (text.length > TAIL_CHARS) texts.set(nodeId, text.slice(-TAIL_CHARS));
  return withBucketEntries(tails, texts);
}
