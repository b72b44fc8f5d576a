/** The run reducer's graph slice: merging declared graphs, and nodes first seen in status events. */
import type { GraphEdge, GraphNode, RunEventOf } from '@/protocol/run-event';

import type { BatchScratch, Draft } from '@/stores/run-draft';
import type { GraphState } from '@/stores/run-types';

/**
 * One pass per node and edge, one key per edge, no object copied that did not change: a
 * 50,000-task Shannon plan arrives as one event (benchmark 4), and spreading each node into
 * a fresh object, or keying each edge twice, cost a third of a second of the page's load.
 */
export function mergeGraph(graph: GraphState, event: RunEventOf<'graph.defined'>): GraphState {
  const nodes: Record<string, GraphNode> = event.replace ? {} : { ...graph.nodes };
  const order = event.replace ? [] : [...graph.order];
  for (const node of event.nodes) {
    const known = Object.hasOwn(nodes, node.id) ? nodes[node.id] : undefined;
    if (!known) order.push(node.id);
    nodes[node.id] = known ? { ...known, ...node } : node;
  }
  const edges: GraphEdge[] = event.replace ? [] : [...graph.edges];
  const seen = new Set(edges.map(edgeKey));
  const ensure = (id: string) => {
    if (Object.hasOwn(nodes, id)) return;
    nodes[id] = { id, label: id };
    order.push(id);
  };
  for (const edge of event.edges) {
    const key = edgeKey(edge);
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push(edge);
    ensure(edge.source);
    ensure(edge.target);
  }
  return { nodes, order, edges, version: graph.version + 1 };
}

const edgeKey = (edge: GraphEdge) => `${edge.source}\u0000${edge.target}`;

/** A node first seen in a status event joins the graph without edges (never invented). */
export function ensureNode(d: Draft, b: BatchScratch, nodeId: string, started: RunEventOf<'node.started'> | undefined) {
  const known = d.graph.nodes[nodeId];
  const label = started?.label;
  const kind = started?.kind;
  if (known && (label === undefined || known.label === label) && (kind === undefined || known.kind !== undefined)) return;
  const node = { ...known, id: nodeId, label: label ?? known?.label ?? nodeId, ...(kind !== undefined || known?.kind ? { kind: known?.kind ?? kind } : {}) };
  if (!b.ownsGraph) {
    d.graph = { nodes: { ...d.graph.nodes }, order: [...d.graph.order], edges: d.graph.edges, version: d.graph.version };
    b.ownsGraph = true;
  }
  const graph = d.graph as unknown as { nodes: Record<string, GraphNode>; order: string[]; version: number };
  graph.nodes[nodeId] = node;
  if (!known) graph.order.push(nodeId);
  graph.version += 1; // one per change, whatever the batching (replay seeks equal plays)
}
