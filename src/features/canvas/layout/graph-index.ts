/**
 * A run graph as integers: node i is `ids[i]` (the graph's order), edges are index pairs.
 * Built once per structural change on the main thread (one pass over the order and the
 * edges), then handed to the layout worker as transferable arrays — structured-cloning
 * 50,000 node objects and 75,000 edge objects took longer than laying them out.
 * Edges naming an unknown node are left out (the canvas never draws a node it was not given).
 */
import type { GraphState } from '@/stores/run-types';

export type IndexedGraph = Readonly<{
  ids: readonly string[];
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  /** A node's explicit `group` by index; undefined when no node has one. */
  groupOf: readonly (string | undefined)[] | undefined;
}>;

export function indexGraph(graph: GraphState): IndexedGraph {
  const ids: string[] = [];
  const indexOf = new Map<string, number>();
  let groupOf: (string | undefined)[] | undefined;
  for (const id of graph.order) {
    const node = graph.nodes[id];
    if (!node || indexOf.has(id)) continue;
    if (node.group !== undefined) (groupOf ??= [])[ids.length] = node.group;
    indexOf.set(id, ids.push(id) - 1);
  }
  if (groupOf) groupOf.length = ids.length;
  const from = new Int32Array(graph.edges.length);
  const to = new Int32Array(graph.edges.length);
  let count = 0;
  for (const edge of graph.edges) {
    const s = indexOf.get(edge.source);
    const t = indexOf.get(edge.target);
    if (s === undefined || t === undefined) continue;
    from[count] = s;
    to[count++] = t;
  }
  return { ids, edgeFrom: from.slice(0, count), edgeTo: to.slice(0, count), groupOf };
}
