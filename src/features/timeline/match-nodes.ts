/**
 * The node filter's choices for what the person typed: nodes whose label or id contains
 * the text (case-insensitive), exact matches first, then those that start with it, then
 * the rest, each in the order the nodes became known; at most `limit` of them, and how
 * many matched in all. Pure; guarded by match-nodes.test.ts.
 *
 * Why a limit: a 10,000-node graph as 10,000 <option>s cost more than a second to mount
 * (React inserts them one by one) and a relayout of the toolbar on every batch
 * (benchmark 4). A person reads a few dozen choices and types to narrow the rest.
 */
import type { GraphState } from '@/stores/run-types';

export type NodeChoice = Readonly<{ id: string; label: string }>;
export type NodeMatches = Readonly<{ choices: readonly NodeChoice[]; total: number }>;

export function matchNodes(graph: GraphState, query: string, limit: number): NodeMatches {
  const text = query.trim().toLowerCase();
  const buckets: NodeChoice[][] = [[], [], []];
  let total = 0;
  for (const id of graph.order) {
    const label = graph.nodes[id]?.label ?? id;
    const rank = text === '' ? 2 : rankOf(text, id.toLowerCase(), label.toLowerCase());
    if (rank < 0) continue;
    total += 1;
    const bucket = buckets[rank];
    // Later buckets only fill what the earlier ones leave, so each keeps at most `limit`.
    if (bucket && bucket.length < limit) bucket.push({ id, label });
  }
  return { choices: buckets.flat().slice(0, limit), total };
}

/** 0: exact, 1: starts with, 2: contains, -1: no match. */
function rankOf(text: string, id: string, label: string): number {
  if (id === text || label === text) return 0;
  if (id.startsWith(text) || label.startsWith(text)) return 1;
  return id.includes(text) || label.includes(text) ? 2 : -1;
}
