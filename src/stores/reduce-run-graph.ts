/** The run reducer's graph slice: merging declared graphs, and nodes first seen in status events. */
import type { GraphEdge, GraphNode, RunEventOf } from '@/protocol/run-event';

import type { BatchScratch, Draft } from '@/stores/run-draft';
import type { GraphState } from '@/stores/run-types';

export function mergeGraph(graph: GraphState, event: RunEventOf<'graph.defined'>): GraphState {
  const nodes = event.replace ? {} : { ...graph.nodes };
  const order = event.replace ? [] : [...graph.order];
  for (const node of event.nodes) {
    if (!(node.id in nodes)) order.push(node.id);
    nodes[node.id] = { ...nodes[node.id], ...node };
  }
  const edges: GraphEdge[] = event.replace ? [] : [...graph.edges];
  const seen = new Set(edges.map(edgeKey));
  for (const edge of event.edges) {
    if (seen.has(edgeKey(edge))) continue;
    seen.add(edgeKey(edge));
    edges.push(edge);
    for (const id of [edge.source, edge.target]) {
      if (!(id in nodes)) {
        nodes[id] = { id, label: id };
        order.push(id);
      }
    }
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
