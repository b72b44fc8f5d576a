/**
 * The run store's pure reducer: applies one ordered batch of canonical events.
 *
 * The events were appended to the session's event log first (apply-batch.ts); `rows` holds
 * the log row of each event and `log` the log's counters, so chapters, gates and cost points
 * can name their rows. Nothing here mutates: it returns the same state object when the batch
 * changed nothing (zustand then notifies no one), and copies a slice (graph, cost, gates,
 * chapters, tails) only when the batch touched it, so a token batch leaves `graph` alone and
 * the canvas layout never recomputes. Invariants (guarded by reduce-run.test.ts): a terminal
 * run status is final; costs sum in integers, and a backend's cumulative or closing total
 * wins over our own sum.
 */
import type { GraphEdge, GraphNode, RunEvent, RunEventOf, StreamedText } from '@/protocol/run-event';

import { isTokensOnly } from '@/lib/is-tokens-only';
import { reduceAgentState } from '@/stores/reduce-agent-state';
import { withClosingTokens } from '@/stores/closing-tokens';
import { tailOf, withTails } from '@/stores/tails';
import type { Chapter, CostState, DecodeIssue, GateState, GraphState, RunState, StreamStats } from '@/stores/run-types';

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);
const MAX_ISSUES = 200;

export type LogCounters = Readonly<{ length: number; firstRow: number; revision: number }>;

/** One batch as the run store takes it: the events with their log rows, and what ingest counted. */
export type RunBatch = Readonly<{
  events: readonly RunEvent[];
  rows: readonly number[];
  log: LogCounters;
  issues: readonly DecodeIssue[];
  stats: Readonly<Record<keyof StreamStats, number>>;
  atMs: number;
}>;

type Draft = { -readonly [K in keyof RunState]: RunState[K] };

/** What one batch owns already, kept beside the draft (so the new state object carries no bookkeeping). */
type BatchScratch = {
  /** Set once this batch copied `graph`: later additions in the batch mutate the copy (O(n) per batch, not per node). */
  ownsGraph: boolean;
  /** The same for `cost.points` and `cost.byNode`: a batch of many cost events copies them once. */
  ownsCost: boolean;
  /**
   * Each streaming node's text so far in this batch (its tail before the batch plus the
   * batch's deltas, concatenated): cut to TAIL_CHARS once per node per batch, not once per
   * token. Why: the cut flattens the string, and a batch holds dozens of tokens per node.
   * The last TAIL_CHARS characters of the whole are the same however often it is cut.
   */
  tailText: Map<string, string> | undefined;
  /** The same for `gates` and `gateOrder`: a batch of many gate events copies them once, not once per event. */
  ownsGates: boolean;
  /** State patches that could not be applied: their frames count as rejected (the diagnostics list them). */
  rejectedPatches: number;
};

export function reduceRunBatch(state: RunState, batch: RunBatch): RunState {
  const draft: Draft = { ...state };
  const scratch: BatchScratch = { ownsGraph: false, ownsCost: false, tailText: undefined, ownsGates: false, rejectedPatches: 0 };
  const { events, rows } = batch;
  for (let i = 0; i < events.length; i++) applyEvent(draft, scratch, events[i] as RunEvent, rows[i] ?? -1);
  if (scratch.tailText) draft.tails = withTails(state.tails, scratch.tailText);
  draft.logLength = batch.log.length;
  draft.droppedRows = batch.log.firstRow;
  draft.logRevision = batch.log.revision;
  if (batch.issues.length > 0) draft.issues = [...draft.issues, ...batch.issues].slice(-MAX_ISSUES);
  draft.stats = addStats(state.stats, scratch.rejectedPatches === 0 ? batch.stats : { ...batch.stats, rejected: batch.stats.rejected + scratch.rejectedPatches });
  return unchanged(state, draft) ? state : draft;
}

function addStats(stats: StreamStats, delta: RunBatch['stats']): StreamStats {
  let changed = false;
  const next = { ...stats };
  for (const key of Object.keys(next) as (keyof StreamStats)[]) {
    if (delta[key]) {
      next[key] += delta[key];
      changed = true;
    }
  }
  return changed ? next : stats;
}

/** True when the batch left every field as it was (a draft is a shallow copy). */
function unchanged(state: RunState, draft: Draft): boolean {
  for (const key in draft) if (draft[key as keyof RunState] !== state[key as keyof RunState]) return false;
  return true;
}

function applyEvent(d: Draft, b: BatchScratch, event: RunEvent, row: number): void {
  switch (event.type) {
    case 'run.started':
      if (!TERMINAL.has(d.status)) d.status = 'running';
      if (d.startedAtMs === undefined && event.atMs !== undefined) {
        d.startedAtMs = event.atMs;
        if (event.receivedTime) d.timesReceived = true;
      }
      d.title = runTitleOf(event) ?? d.title;
      return;
    case 'run.paused':
      if (!TERMINAL.has(d.status)) d.status = 'paused';
      return;
    case 'run.resumed':
      if (!TERMINAL.has(d.status)) d.status = 'running';
      return;
    case 'run.completed':
      finish(d, 'succeeded', event);
      if (event.totalCost) d.cost = { ...d.cost, totalMicros: event.totalCost.micros, currency: event.totalCost.currency, costReported: true };
      d.cost = withClosingTokens(d.cost, event);
      return;
    case 'run.failed':
      finish(d, 'failed', event);
      d.error = event.error;
      d.cost = withClosingTokens(d.cost, event);
      return;
    case 'run.cancelled':
      finish(d, 'cancelled', event);
      closeOpenGates(d, b, 'cancelled');
      return;
    case 'run.unknown':
      // Only a run nothing else was heard of: anything it already did says it exists.
      if (d.status === 'pending' && d.graph.order.length === 0) d.unknown = event.reason;
      return;
    case 'graph.defined':
      d.graph = mergeGraph(d.graph, event);
      b.ownsGraph = true;
      return;
    case 'node.started':
    case 'node.status':
      ensureNode(d, b, event.nodeId, event.type === 'node.started' ? event : undefined);
      if (d.status === 'pending') d.status = 'running';
      return;
    case 'node.output':
      ensureNode(d, b, event.nodeId, undefined);
      appendTail(d, b, event.nodeId, event.delta, event.text === 'whole');
      if (event.text !== undefined) markText(d, event.nodeId, event.text);
      return;
    case 'node.completed':
    case 'node.failed':
    case 'node.retrying':
    case 'node.skipped':
    case 'node.cancelled':
    case 'node.progress':
      ensureNode(d, b, event.nodeId, undefined);
      return;
    case 'cost.recorded':
      d.cost = addCost(d.cost, event, row, b.ownsCost);
      b.ownsCost = true;
      return;
    case 'gate.opened':
      openGate(d, b, event, row);
      return;
    case 'gate.resolved':
      resolveGate(d, b, event);
      return;
    case 'chapter.started':
      d.chapters = [...closeChapter(d.chapters, undefined, event.atMs), startChapter(event, row)];
      return;
    case 'chapter.completed':
      d.chapters = closeChapter(d.chapters, event, event.atMs);
      return;
    case 'state.snapshot':
    case 'state.delta': {
      const step = reduceAgentState(d.agentState, event, row);
      d.agentState = step.state;
      if (step.issue) {
        d.issues = [...d.issues, step.issue].slice(-MAX_ISSUES);
        b.rejectedPatches += 1;
      }
      return;
    }
    case 'tool.called':
    case 'tool.result':
    case 'log':
    case 'metric':
    case 'raw':
      return;
  }
}

/**
 * A run's title: the event's own, else a `title` among the run's inputs (relavium sends no
 * title, but a workflow's inputs often name one). Undefined when neither says.
 */
function runTitleOf(event: RunEventOf<'run.started'>): string | undefined {
  if (event.title) return event.title;
  const inputs = event.inputs;
  const title = typeof inputs === 'object' && inputs !== null ? (inputs as { title?: unknown }).title : undefined;
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : undefined;
}

/** The node's streamed text for the canvas (cut to its last TAIL_CHARS characters at the end of the batch); a whole text replaces it. */
function appendTail(d: Draft, b: BatchScratch, nodeId: string, delta: string, replaces: boolean) {
  const texts = (b.tailText ??= new Map());
  texts.set(nodeId, replaces ? delta : (texts.get(nodeId) ?? tailOf(d.tails, nodeId) ?? '') + delta);
}

/** A preview stays partial once a hole is known, until the whole text replaces it. */
function markText(d: Draft, nodeId: string, text: StreamedText) {
  const now = d.streamedText[nodeId];
  const next = text === 'preview' && now === 'partial' ? 'partial' : text;
  if (now !== next) d.streamedText = { ...d.streamedText, [nodeId]: next };
}

function finish(d: Draft, status: 'succeeded' | 'failed' | 'cancelled', event: RunEvent) {
  if (TERMINAL.has(d.status)) return;
  const atMs = event.atMs;
  d.status = status;
  d.endedAtMs = atMs ?? Date.now();
  if (atMs === undefined || event.receivedTime) d.timesReceived = true;
  d.chapters = closeChapter(d.chapters, undefined, atMs, status === 'succeeded' ? 'completed' : status);
}

// ---- graph -------------------------------------------------------------------

function mergeGraph(graph: GraphState, event: RunEventOf<'graph.defined'>): GraphState {
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
function ensureNode(d: Draft, b: BatchScratch, nodeId: string, started: RunEventOf<'node.started'> | undefined) {
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

// ---- cost --------------------------------------------------------------------

function addCost(cost: CostState, event: RunEventOf<'cost.recorded'>, row: number, owns: boolean): CostState {
  const inputTokens = event.inputTokens ?? 0;
  const outputTokens = event.outputTokens ?? 0;
  const point = {
    row,
    micros: event.micros,
    inputTokens,
    outputTokens,
    ...(event.nodeId !== undefined ? { nodeId: event.nodeId } : {}),
    ...(event.model !== undefined ? { model: event.model } : {}),
    ...(event.atMs !== undefined ? { atMs: event.atMs } : {}),
    ...(isTokensOnly(event) ? { tokensOnly: true as const } : {}),
  };
  // Within one batch the arrays are ours already: append instead of copying them again.
  const points = owns ? (cost.points as CostState['points'][number][]) : [...cost.points];
  points.push(point);
  const byNode = owns ? (cost.byNode as Record<string, number>) : { ...cost.byNode };
  if (event.nodeId !== undefined && event.micros !== 0) byNode[event.nodeId] = (byNode[event.nodeId] ?? 0) + event.micros;
  return {
    // A backend's running total only grows: a late, out-of-order total never pulls it back.
    totalMicros: event.cumulativeMicros !== undefined ? Math.max(event.cumulativeMicros, cost.totalMicros) : cost.totalMicros + event.micros,
    currency: cost.points.length === 0 ? event.currency : cost.currency,
    inputTokens: cost.inputTokens + inputTokens,
    outputTokens: cost.outputTokens + outputTokens,
    unsplitTokens: cost.unsplitTokens + (event.unsplitTokens ?? 0),
    points,
    byNode,
    costReported: cost.costReported || !isTokensOnly(event),
    tokensReported: cost.tokensReported || event.inputTokens !== undefined || event.outputTokens !== undefined || event.unsplitTokens !== undefined,
  };
}

// ---- gates -------------------------------------------------------------------

function openGate(d: Draft, b: BatchScratch, event: RunEventOf<'gate.opened'>, row: number) {
  const existing = d.gates[event.gateId];
  if (existing && existing.status !== 'open') return; // decided already: a late or repeated ask changes nothing
  const gate: GateState = {
    gateId: event.gateId,
    runId: event.runId ?? d.runId,
    kind: event.kind,
    message: event.message,
    options: event.options,
    acceptsText: event.acceptsText ?? false,
    answerable: event.answerable ?? true,
    openedAtMs: existing?.openedAtMs ?? event.atMs ?? Date.now(),
    row: existing?.row ?? row,
    status: 'open',
    ...optional('nodeId', event.nodeId),
    ...optional('requester', event.requester),
    ...optional('schema', event.schema),
    ...optional('context', event.context),
    ...optional('deadlineAtMs', event.deadlineAtMs),
    ...optional('deadlineEstimated', event.deadlineEstimated),
    ...optional('onTimeout', event.onTimeout),
    ...optional('unanswerableReason', event.unanswerableReason),
  };
  const { gates, order } = ownGates(d, b);
  gates[event.gateId] = gate;
  if (!existing) order.push(event.gateId);
  if (existing?.status !== 'open') d.openGates += 1;
  if (d.status === 'running' || d.status === 'pending') d.status = 'waiting';
}

function resolveGate(d: Draft, b: BatchScratch, event: RunEventOf<'gate.resolved'>) {
  const gate = d.gates[event.gateId] ?? findOpenGateOfNode(d, event.nodeId);
  if (!gate || gate.status !== 'open') return;
  const status = event.cause === 'timeout' ? 'timed_out' : event.cause === 'cancelled' ? 'cancelled' : 'resolved';
  ownGates(d, b).gates[gate.gateId] = {
    ...gate,
    status,
    resolution: { decision: event.decision, ...optional('decidedBy', event.decidedBy), ...optional('atMs', event.atMs), ...optional('payload', event.payload) },
  };
  d.openGates -= 1;
  if (d.status === 'waiting' && d.openGates === 0) d.status = 'running';
}

function findOpenGateOfNode(d: Draft, nodeId: string | undefined): GateState | undefined {
  if (nodeId === undefined) return undefined;
  for (let i = d.gateOrder.length - 1; i >= 0; i--) {
    const gate = d.gates[d.gateOrder[i] ?? ''];
    if (gate?.nodeId === nodeId && gate.status === 'open') return gate;
  }
  return undefined;
}

function closeOpenGates(d: Draft, b: BatchScratch, status: 'cancelled') {
  if (d.openGates === 0) return;
  for (const id of d.gateOrder) {
    const gate = d.gates[id];
    if (gate?.status !== 'open') continue;
    ownGates(d, b).gates[id] = { ...gate, status };
    d.openGates -= 1;
  }
}

/**
 * The batch's own copies of `gates` and `gateOrder`, made once per batch. Why: a copy per
 * gate event costs O(gates) each, and a long run with thousands of gates replayed in
 * batches of thousands of frames spent most of its time copying them.
 */
function ownGates(d: Draft, b: BatchScratch): { gates: Record<string, GateState>; order: string[] } {
  if (!b.ownsGates) {
    d.gates = { ...d.gates };
    d.gateOrder = [...d.gateOrder];
    b.ownsGates = true;
  }
  return { gates: d.gates as Record<string, GateState>, order: d.gateOrder as string[] };
}

// ---- chapters ------------------------------------------------------------------

function startChapter(event: RunEventOf<'chapter.started'>, row: number): Chapter {
  return { id: event.chapterId, title: event.title, firstRow: row, status: 'open', ...optional('key', event.key), ...optional('startedAtMs', event.atMs) };
}

function closeChapter(
  chapters: readonly Chapter[],
  event: RunEventOf<'chapter.completed'> | undefined,
  atMs: number | undefined,
  status = 'completed',
): readonly Chapter[] {
  const index = event ? findLastIndex(chapters, (c) => c.id === event.chapterId) : chapters.length - 1;
  const chapter = chapters[index];
  if (!chapter || chapter.status !== 'open') return chapters;
  const next = [...chapters];
  next[index] = { ...chapter, status: event?.status ?? status, ...optional('endedAtMs', atMs) };
  return next;
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as T)) return i;
  return -1;
}

/** Spreads `{key: value}` only when value is defined (exactOptionalPropertyTypes-friendly). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]: V });
}
