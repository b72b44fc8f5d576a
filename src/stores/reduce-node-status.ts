/**
 * Per-node state from canonical events: pure, idempotent and order-tolerant. Only
 * transitions (status, attempt, progress, timing, error) live here: streamed text and cost
 * are the run store's (RunState.tails, cost.byNode), so a token batch leaves `byId` alone.
 *
 * A status update never moves a node backwards within the same attempt (a late
 * `node.started` after `node.completed`, or MARS's doubled status events, change
 * nothing); a higher attempt starts it again. Returns the previous `byId` map when
 * nothing changed, so no subscriber runs; the map keeps counts per status as it is written
 * (node-map.ts). Guarded by reduce-node-status.test.ts.
 *
 * "Not run": a node the backend skipped (with its reason), and every node still pending
 * when the run ends (completed, failed or cancelled) — it never started, so it neither
 * failed nor waits. The second is our inference (`leftAtRunEnd`), so a late event about the
 * node (a frame delivered after the run's end, on a reconnect) replaces it: the backend's
 * own word about a node beats what we guessed from the run. A node first named (or restated
 * "pending") after the end is inferred the same way: a plan delivered late must not bring
 * back a step that the clean stream showed as never run. The run's end before a batch comes
 * from the run store (its status is final), and within the batch from the batch's own end.
 */
import type { NodeStatus, RunEvent, RunEventOf } from '@/protocol/run-event';

import { NodeMapDraft, type NodeMap } from '@/stores/node-map';
import type { NodeState } from '@/stores/node-types';


type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const RANK: Record<NodeStatus, number> = {
  pending: 0,
  running: 1,
  waiting: 1,
  retrying: 2,
  succeeded: 3,
  failed: 3,
  not_run: 3,
  cancelled: 3,
};

const INITIAL: NodeState = { status: 'pending', attempt: 1 };

/** Events that can change a node's entry; the rest (tools, logs, costs, metrics) never do. */
const CHANGES_NODES: ReadonlySet<RunEvent['type']> = new Set([
  'node.started',
  'node.completed',
  'node.failed',
  'node.retrying',
  'node.skipped',
  'node.cancelled',
  'node.status',
  'node.progress',
  'node.output',
  'gate.opened',
  'gate.resolved',
]);

/** When the run ended (undefined while it goes on); `atMs` undefined when its end carried no time. */
export type RunEnd = Readonly<{ atMs: number | undefined }> | undefined;

export function reduceNodeStatus(prev: NodeMap, batch: readonly RunEvent[], endedBefore?: RunEnd): NodeMap {
  // The draft copies what it writes on the first change; the rest of the batch writes into it.
  // Plain loops and no closures: this runs for every batch, and most batches change nothing.
  const draft = new NodeMapDraft(prev);
  let end = endedBefore;
  for (const event of batch) end = applyNodeEvent(draft, event, end);
  return draft.finish();
}

/** What one event is applied through: a batch's map draft, or the attempt projection's own entries. */
export type NodeWriter = {
  get(id: string): NodeState | undefined;
  put(id: string, state: NodeState): void;
  /** Every id that may have an entry (some may not: `get` says). */
  ids(): readonly string[];
};

/** One event's changes, written through `writer` (`end`: the run's end before it); the run's end after it. */
export function applyNodeEvent(writer: NodeWriter, event: RunEvent, end: RunEnd): RunEnd {
  if (event.type === 'run.cancelled') cancelRunning(writer, event.atMs);
  if (event.type === 'run.cancelled' || event.type === 'run.completed' || event.type === 'run.failed') {
    notRunAtEnd(writer, event.atMs);
    return end ?? { atMs: event.atMs };
  }
  if (event.type === 'graph.defined') defineNodes(writer, event.nodes, end);
  else if (!streamsInto(writer.get((event as { nodeId?: string }).nodeId ?? ''), event)) applyToEntry(writer, event, end);
  return end;
}

/**
 * Text streamed by a node already running (most of a stream): nothing to change, decided
 * before the general path's calls. Mirrors `applyToNode` for `node.output`.
 */
function streamsInto(known: NodeState | undefined, event: RunEvent): boolean {
  return event.type === 'node.output' && known !== undefined && known.status !== 'pending' && known.leftAtRunEnd !== true;
}

function applyToEntry(writer: NodeWriter, event: RunEvent, end: RunEnd): void {
  const nodeId = 'nodeId' in event ? event.nodeId : undefined;
  if (nodeId === undefined) return;
  const known = writer.get(nodeId);
  const updated = nextNodeState(known, event, end);
  if (updated !== known && updated) writer.put(nodeId, updated);
}

/**
 * One node's state after one event about it (`known`: its state before, undefined when the
 * node is new). The same object when the event changes nothing; undefined only for an event
 * that never touches nodes about a node never seen. The attempt projection reads its
 * transitions, so every view counts attempts by these rules.
 */
export function nextNodeState(known: NodeState | undefined, event: RunEvent, end: RunEnd): NodeState | undefined {
  if (!CHANGES_NODES.has(event.type)) return known;
  const current = known ?? INITIAL;
  const updated = applyToNode(current, event);
  const next = updated !== current || known ? updated : current;
  return next !== known ? settledAfter(end, next) : next;
}

function cancelRunning(writer: NodeWriter, atMs: number | undefined): void {
  for (const id of writer.ids()) {
    const node = writer.get(id);
    if (node && (node.status === 'running' || node.status === 'waiting' || node.status === 'retrying')) {
      writer.put(id, { ...node, status: 'cancelled', endedAtMs: atMs ?? node.endedAtMs ?? Date.now() });
    }
  }
}

/** Nodes still pending when the run ended never started: "not run", until a late event says otherwise. */
function notRunAtEnd(writer: NodeWriter, atMs: number | undefined): void {
  for (const id of writer.ids()) {
    const node = writer.get(id);
    if (node?.status === 'pending') writer.put(id, inferredNotRun(node, atMs));
  }
}

/** A node left pending by a write after the run's end never ran (the end already inferred it for the rest). */
function settledAfter(end: RunEnd, node: NodeState): NodeState {
  return end !== undefined && node.status === 'pending' ? inferredNotRun(node, end.atMs) : node;
}

/** "Not run" as our inference from the run's end (`leftAtRunEnd`), which the node's own later word replaces. */
function inferredNotRun(node: NodeState, endAtMs: number | undefined): NodeState {
  return { ...node, status: 'not_run', leftAtRunEnd: true, endedAtMs: endAtMs ?? Date.now() };
}

function defineNodes(writer: NodeWriter, nodes: RunEventOf<'graph.defined'>['nodes'], end: RunEnd): void {
  for (const node of nodes) {
    const current = writer.get(node.id);
    if (!current) writer.put(node.id, settledAfter(end, node.status ? moveTo(INITIAL, node.status, undefined, undefined) : INITIAL));
    else if (node.status) {
      const restated = moveTo(current.leftAtRunEnd ? INITIAL : current, node.status, undefined, undefined);
      // A stale "pending" for a node left not run changes nothing (not even its end time).
      if (!(current.leftAtRunEnd && restated.status === 'pending')) writer.put(node.id, settledAfter(end, restated));
    }
  }
}

function applyToNode(current: NodeState, event: RunEvent): NodeState {
  // A node marked "not run" only because the run ended: its own late event starts from scratch.
  const node = current.leftAtRunEnd && event.type !== 'node.progress' ? INITIAL : current;
  const updated = applyEvent(node, event);
  return updated === INITIAL ? current : updated;
}

function applyEvent(node: NodeState, event: RunEvent): NodeState {
  switch (event.type) {
    case 'node.started': {
      const attempt = event.attempt ?? (node.status === 'retrying' ? node.attempt + 1 : node.attempt);
      if (attempt > node.attempt) return { ...node, status: 'running', attempt, startedAtMs: event.atMs ?? node.startedAtMs };
      return moveTo(node, 'running', event.atMs, undefined);
    }
    // An outcome of an earlier attempt arriving late says nothing about the current one.
    case 'node.completed':
      if (event.attempt !== undefined && event.attempt < node.attempt) return node;
      return moveTo(withAttempt(node, event.attempt), 'succeeded', event.atMs, undefined);
    case 'node.failed':
      if (event.attempt !== undefined && event.attempt < node.attempt) return node;
      return moveTo(withAttempt(node, event.attempt), 'failed', event.atMs, event.error);
    case 'node.retrying':
      if (event.attempt < node.attempt) return node;
      return { ...node, status: 'retrying', attempt: event.attempt, ...(event.error ? { error: event.error } : {}) };
    case 'node.skipped': {
      const skipped = moveTo(node, 'not_run', event.atMs, undefined);
      return skipped !== node && event.reason ? { ...skipped, reason: event.reason } : skipped;
    }
    case 'node.cancelled':
      return moveTo(node, 'cancelled', event.atMs, undefined);
    case 'node.status':
      return moveTo(node, event.status, event.atMs, event.error);
    case 'node.progress': {
      if (node.progress === event.progress && node.progressMessage === event.message) return node;
      // One copy and two writes, not three spreads: narrating protocols (tolky) send one per fragment.
      const next: Mutable<NodeState> = { ...node };
      if (event.progress !== undefined) next.progress = event.progress;
      if (event.message !== undefined) next.progressMessage = event.message;
      return next;
    }
    case 'node.output':
      // Text from a node nobody said started: it is running (the text itself is the run store's).
      return node.status === 'pending' ? { ...node, status: 'running' } : node;
    case 'gate.opened':
      return moveTo(node, 'waiting', event.atMs, undefined);
    case 'gate.resolved':
      return node.status === 'waiting' ? { ...node, status: 'running' } : node;
    default:
      return node;
  }
}

/** An outcome of a later attempt than the node knows: that attempt ran (its start may come late). */
function withAttempt(node: NodeState, attempt: number | undefined): NodeState {
  return attempt !== undefined && attempt > node.attempt ? { ...node, attempt, status: 'running' } : node;
}

/** Moves forward only: a status of lower rank than the current one is stale and ignored. */
function moveTo(node: NodeState, status: NodeStatus, atMs: number | undefined, error: NodeState['error']): NodeState {
  if (node.status === status) return node;
  if (RANK[status] < RANK[node.status] && !(node.status === 'waiting' && status === 'running')) return node;
  if (RANK[node.status] === 3) return node; // terminal within this attempt
  const next: NodeState = { ...node, status };
  const mutable = next as Mutable<NodeState>;
  if (status === 'running' && node.startedAtMs === undefined && atMs !== undefined) mutable.startedAtMs = atMs;
  if (RANK[status] === 3) mutable.endedAtMs = atMs ?? Date.now();
  if (error) mutable.error = error;
  return next;
}
