/**
 * The node-status store's map: each node's state by id, plus how many nodes are in each
 * status. Immutable like the rest of the state (a replay snapshot keeps an old map as it
 * was) and cheap to update a few entries of at a time.
 *
 * Why not a record of every node: a batch that changed one node of 10,000 copied all
 * 10,000 keys (a 10,000-node run at 1,000 status changes a second spent a ninth of its
 * main thread copying), and the header recounted every node per change. Here an id gets a
 * slot the first time it is written, its state sits in a chunk of CHUNK slots, and a batch
 * copies the list of chunks and the chunks it writes; the counts move by one per change.
 *
 * The slot table (id → slot, slot → id) only grows and is shared by every map derived
 * from the same empty one: a slot, once given, is that id's in every version, so an old
 * map simply has nothing in a newer id's slot. Entries iterate in the order ids were first
 * written, as a record's did. Read with `nodeOf`, `forEachNode`, `nodeRecord`; write
 * through a `NodeMapDraft`; never index into the fields.
 */
import { NODE_STATUSES, type NodeStatus } from '@/protocol/run-event';

import type { NodeState } from '@/stores/node-types';

const SHIFT = 5;
const CHUNK = 1 << SHIFT;
const LOW = CHUNK - 1;

type Slots = Readonly<{ slotOf: Map<string, number>; ids: string[] }>;
type Chunk = readonly (NodeState | undefined)[];

export type StatusCounts = Readonly<Record<NodeStatus, number>>;

export type NodeMap = Readonly<{
  slots: Slots;
  chunks: readonly (Chunk | undefined)[];
  /** How many ids have an entry. */
  size: number;
  /** Entries per status; they sum to `size`. */
  counts: StatusCounts;
}>;

const NO_COUNTS: StatusCounts = Object.fromEntries(NODE_STATUSES.map((status) => [status, 0])) as Record<NodeStatus, number>;

/** A map with no entries and a slot table of its own (one per store: tables are never shared between runs). */
export function emptyNodeMap(): NodeMap {
  return { slots: { slotOf: new Map(), ids: [] }, chunks: [], size: 0, counts: NO_COUNTS };
}

/** The state of `id`, or undefined when the map has none. */
export function nodeOf(map: NodeMap, id: string): NodeState | undefined {
  const slot = map.slots.slotOf.get(id);
  return slot === undefined ? undefined : map.chunks[slot >> SHIFT]?.[slot & LOW];
}

/** Calls `visit` for every entry, in the order ids were first written. */
export function forEachNode(map: NodeMap, visit: (id: string, state: NodeState) => void): void {
  const { chunks, slots } = map;
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c];
    if (chunk === undefined) continue;
    for (let i = 0; i < chunk.length; i++) {
      const state = chunk[i];
      if (state !== undefined) visit(slots.ids[(c << SHIFT) + i] as string, state);
    }
  }
}

export function nodeIds(map: NodeMap): string[] {
  const ids: string[] = [];
  forEachNode(map, (id) => ids.push(id));
  return ids;
}

/** Every entry as a plain record (keyframes, tests); own keys only, so any id is safe. */
export function nodeRecord(map: NodeMap): Record<string, NodeState> {
  const entries: [string, NodeState][] = [];
  forEachNode(map, (id, state) => entries.push([id, state]));
  return Object.fromEntries(entries);
}

/**
 * `record`'s entries as a map. With `like`, the result shares `like`'s slot table and every
 * chunk whose entries are the same objects (a replay's keyframes: each close to the last).
 */
export function nodeMapFrom(record: Readonly<Record<string, NodeState>>, like?: NodeMap): NodeMap {
  const draft = new NodeMapDraft(like ?? emptyNodeMap());
  let kept = 0;
  for (const id of Object.keys(record)) {
    const state = record[id] as NodeState;
    if (draft.get(id) !== undefined) kept += 1;
    draft.put(id, state);
  }
  const out = draft.finish();
  // An id of `like` the record lacks: start afresh rather than keep it.
  return like !== undefined && kept !== like.size ? nodeMapFrom(record) : out;
}

/**
 * Calls `visit` with each id whose entry differs (by reference) between two maps. Maps
 * of one table compare chunk by chunk, so the cost follows what changed, not the map's size.
 */
export function forEachChanged(prev: NodeMap, next: NodeMap, visit: (id: string) => void): void {
  if (prev === next) return;
  if (prev.slots !== next.slots) {
    forEachNode(next, (id, state) => state !== nodeOf(prev, id) && visit(id));
    forEachNode(prev, (id) => nodeOf(next, id) === undefined && visit(id));
    return;
  }
  const ids = next.slots.ids;
  const length = Math.max(prev.chunks.length, next.chunks.length);
  for (let c = 0; c < length; c++) {
    const before = prev.chunks[c];
    const after = next.chunks[c];
    if (before === after) continue;
    for (let i = 0; i < CHUNK; i++) if (before?.[i] !== after?.[i]) visit(ids[(c << SHIFT) + i] as string);
  }
}

/**
 * A batch's writer: reads see its own writes; `finish` gives the new map (the base itself
 * when nothing changed). The chunk list, the counts and each chunk are copied once, on
 * the first write that needs them.
 */
export class NodeMapDraft {
  private chunks: (Chunk | undefined)[] | undefined;
  private owned: Set<number> | undefined;
  private counts: Record<NodeStatus, number> | undefined;
  private size: number;

  constructor(private readonly base: NodeMap) {
    this.size = base.size;
  }

  get(id: string): NodeState | undefined {
    const slot = this.base.slots.slotOf.get(id);
    return slot === undefined ? undefined : (this.chunks ?? this.base.chunks)[slot >> SHIFT]?.[slot & LOW];
  }

  /** Every id with a slot in the table, some perhaps without an entry here (read them with `get`). */
  ids(): readonly string[] {
    return this.base.slots.ids;
  }

  /** Sets `id`'s entry (no copy when it is already this object). */
  put(id: string, state: NodeState): void {
    const known = this.get(id);
    if (known === state) return;
    const slot = this.slotFor(id);
    this.ownChunk(slot >> SHIFT)[slot & LOW] = state;
    const counts = (this.counts ??= { ...this.base.counts });
    if (known === undefined) this.size += 1;
    else counts[known.status] -= 1;
    counts[state.status] += 1;
  }

  finish(): NodeMap {
    if (this.chunks === undefined) return this.base;
    return { slots: this.base.slots, chunks: this.chunks, size: this.size, counts: this.counts ?? this.base.counts };
  }

  private slotFor(id: string): number {
    const { slotOf, ids } = this.base.slots;
    let slot = slotOf.get(id);
    if (slot === undefined) {
      slot = ids.length;
      ids.push(id);
      slotOf.set(id, slot);
    }
    return slot;
  }

  private ownChunk(index: number): (NodeState | undefined)[] {
    const chunks = (this.chunks ??= this.base.chunks.slice());
    const owned = (this.owned ??= new Set());
    if (!owned.has(index)) {
      const old = chunks[index];
      chunks[index] = old === undefined ? new Array<NodeState | undefined>(CHUNK).fill(undefined) : old.slice();
      owned.add(index);
    }
    return chunks[index] as (NodeState | undefined)[];
  }
}
