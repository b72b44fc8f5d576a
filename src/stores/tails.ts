/**
 * The run store's `tails`: the last TAIL_CHARS characters of each node's streamed text, for
 * the canvas. Immutable like the rest of the state (replay restores old states as they were).
 *
 * Why buckets and not one record of every node: each token batch replaces the tails of the
 * nodes it streamed to, and a record of 200 nodes costs ~10 µs to copy — more than the rest
 * of the pipeline per frame when a slow stream is flushed frame by frame (benchmark 1, flush
 * per frame). Nodes are spread over BUCKETS small records by a hash of their id: a batch
 * copies the bucket array (32 references) and the buckets it touched (~7 nodes each).
 * Read a tail with `tailOf`, never by indexing.
 */
import { TAIL_CHARS } from '@/stores/node-types';

export type Tails = readonly (Readonly<Record<string, string>> | undefined)[];

const BUCKETS = 32;

export const NO_TAILS: Tails = [];

/** The node's tail, or undefined when it has streamed nothing. */
export function tailOf(tails: Tails, nodeId: string): string | undefined {
  return tails[bucketOf(nodeId)]?.[nodeId];
}

/** Every node's tail, in no particular order (tests, diagnostics). */
export function tailEntries(tails: Tails): [string, string][] {
  return tails.flatMap((bucket) => (bucket ? Object.entries(bucket) : []));
}

/** `tails` with each node of `texts` set to the last TAIL_CHARS characters of its text; copies only what changes. */
export function withTails(tails: Tails, texts: ReadonlyMap<string, string>): Tails {
  const next = tails.length === BUCKETS ? tails.slice() : Array.from({ length: BUCKETS }, (_, i) => tails[i]);
  const copied = new Set<number>();
  for (const [nodeId, text] of texts) {
    const index = bucketOf(nodeId);
    if (!copied.has(index)) {
      next[index] = { ...next[index] };
      copied.add(index);
    }
    (next[index] as Record<string, string>)[nodeId] = text.slice(-TAIL_CHARS);
  }
  return next;
}

/** FNV-1a of the id, folded to a bucket: stable across sessions, spreads similar ids ("n001", "n002"). */
function bucketOf(nodeId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < nodeId.length; i++) hash = Math.imul(hash ^ nodeId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}
