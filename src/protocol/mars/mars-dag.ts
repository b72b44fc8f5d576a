/**
 * The DAG, from every source that states it — `dag_created`, `dag_updated` (sent after every
 * status change, with every node), and `GET /api/runs/{id}/dag` while watching — into as
 * few events as it takes: `graph.defined` only when the structure changes (ids, labels,
 * edges), and `node.status` only for a node whose status moved forward in this session's
 * view. So a DAG repeated by every poll, or re-sent whole after each change, applies nothing
 * twice, and a late or repeated status (MARS re-sets finished nodes at the end) moves nothing back.
 */
import { toNodeStatus, unknownFrame } from '@/protocol/decode-util';
import type { GraphEdge, GraphNode, NodeStatus, RunEvent } from '@/protocol/run-event';
import { setView, type MarsState } from '@/protocol/mars/mars-state';

/** One DAG node as any source gives it; REST says `stepNumber` (= step_number + 1). */
export type DagNodeIn = Readonly<{
  id: string;
  label?: string | null | undefined;
  type?: string | null | undefined;
  status?: string | null | undefined;
  step_number?: number | null | undefined;
  stepNumber?: number | null | undefined;
  description?: string | null | undefined;
  error?: string | null | undefined;
}>;

const RANK: Record<NodeStatus, number> = { pending: 0, running: 1, waiting: 1, retrying: 2, succeeded: 3, failed: 3, not_run: 3, cancelled: 3 };

/** Moves a node forward in the view; true when it moved (a status of lower rank, or any after a terminal one, is stale). */
export function moveNode(s: MarsState, nodeId: string, status: NodeStatus): boolean {
  const current = s.view.get(nodeId);
  if (current === status) return false;
  if (current !== undefined && (RANK[current] === 3 || RANK[status] < RANK[current])) return false;
  setView(s, nodeId, status);
  return true;
}

/** A status a frame states for one node: an event when it moved this session's view. */
/**
 * `sawEveryChange`: the socket tab sees each status change as it happens; a REST watch sees
 * snapshots 3 s apart, where a node can start and end between two polls.
 */
export function nodeStatusEvents(s: MarsState, nodeId: string, word: string, error?: string, sawEveryChange = true): RunEvent[] {
  const status = toNodeStatus(word);
  if (status === undefined) return [unknownFrame('dag_node_status_changed', `node ${nodeId}: unknown status "${word}"`)];
  // When a run fails, MARS re-sets every node it tracks to failed with the run's own error
  // (task_executor.py's except block; the REST DAG then says failed with no error at all). A
  // step's own failure comes with its step_failed callback and after its running status; for a
  // node this session only saw pending, "failed" says nothing: it stays pending, and the run's
  // end makes it "not run" — an inference a late frame about it (recovered history) may replace.
  // A watch that polls cannot tell yet: the node may have run between two snapshots. The
  // history decides (settleUnseenFailures): a node it names ran and failed, any other did not run.
  if (status === 'failed' && s.view.get(nodeId) === 'pending') {
    if (!sawEveryChange) s.unseenFailures.set(nodeId, error);
    return [];
  }
  if (!moveNode(s, nodeId, status)) return [];
  return [error ? { type: 'node.status', nodeId, status, error: { message: error } } : { type: 'node.status', nodeId, status }];
}

export function applyDag(s: MarsState, nodes: readonly DagNodeIn[], edges: readonly { source: string; target: string }[], sawEveryChange = true): RunEvent[] {
  const outEdges: GraphEdge[] = edges.map(({ source, target }) => ({ source, target }));
  // An empty DAG is a run that has not drawn one yet (or an unknown id): nothing to say.
  if (nodes.length === 0 && s.graphSignature === '') return [];
  const signature = signatureOf(nodes, outEdges);
  if (signature !== s.graphSignature) {
    const replace = s.graphSignature !== '';
    s.graphSignature = signature;
    return [{ type: 'graph.defined', nodes: nodes.map((node) => learnNode(s, node, sawEveryChange)), edges: outEdges, ...(replace ? { replace: true } : {}) }];
  }
  const events: RunEvent[] = [];
  for (const node of nodes) if (node.status) events.push(...nodeStatusEvents(s, node.id, node.status, node.error ?? undefined, sawEveryChange));
  return events;
}

/** Learns the node's step number and moves its status (a watch's first "failed" waits for the history); returns it in canonical form. */
function learnNode(s: MarsState, node: DagNodeIn, sawEveryChange: boolean): GraphNode {
  const step = node.step_number ?? (node.stepNumber != null ? node.stepNumber - 1 : undefined);
  if (step !== undefined) s.byStepNumber.set(step, node.id);
  const status = node.status == null ? undefined : toNodeStatus(node.status);
  if (!s.view.has(node.id)) setView(s, node.id, 'pending');
  if (status === 'failed' && !sawEveryChange && s.view.get(node.id) === 'pending') s.unseenFailures.set(node.id, node.error ?? undefined);
  else if (status !== undefined) moveNode(s, node.id, status);
  if (node.error && status === 'failed') s.lastError ??= node.error;
  const known = s.view.get(node.id) ?? 'pending';
  return { id: node.id, label: node.label ?? node.description ?? node.id, ...(node.type ? { kind: node.type } : {}), status: known };
}

function signatureOf(nodes: readonly DagNodeIn[], edges: readonly GraphEdge[]): string {
  const parts = nodes.map((n) => `${n.id}\u0001${n.label ?? ''}\u0001${n.type ?? ''}`);
  return `${parts.join('\u0002')}|${edges.map((e) => `${e.source}>${e.target}`).join('\u0002')}`;
}

/**
 * The watch's deferred "failed" nodes, once the history is read whole: a node whose execution
 * row says completed succeeded; another some row names ran and failed; the others never
 * started, so they did not run. Guarded by mars-upstream-frames.test.ts.
 */
export function settleUnseenFailures(s: MarsState): RunEvent[] {
  const events: RunEvent[] = [];
  for (const [nodeId, error] of s.unseenFailures) {
    // Its execution row says it completed: the run's failure re-set a node that had succeeded.
    if (s.ranNodes.get(nodeId) === 'completed') {
      if (moveNode(s, nodeId, 'succeeded')) events.push({ type: 'node.status', nodeId, status: 'succeeded' });
    } else if (s.ranNodes.has(nodeId)) {
      if (moveNode(s, nodeId, 'failed')) events.push({ type: 'node.status', nodeId, status: 'failed', ...(error ? { error: { message: error } } : {}) });
    } else if (moveNode(s, nodeId, 'not_run')) {
      // The reason is the backend's own words when it gave any (the socket tab shows none either).
      events.push(error ? { type: 'node.skipped', nodeId, reason: `the run failed before it started: ${error}` } : { type: 'node.skipped', nodeId });
    }
  }
  s.unseenFailures.clear();
  return events;
}
