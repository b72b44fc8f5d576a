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
 * wins over our own sum. The slices live beside it: graph (reduce-run-graph.ts), cost
 * (reduce-run-cost.ts), gates (reduce-run-gates.ts), chapters (reduce-run-chapters.ts).
 */
import type { RunEvent, RunEventOf, StreamedText } from '@/protocol/run-event';

import { reduceAgentState } from '@/stores/reduce-agent-state';
import { closeChapter, startChapter } from '@/stores/reduce-run-chapters';
import { bucketGet, withBucketEntries } from '@/stores/bucket-map';
import { addCost, withNodeCosts } from '@/stores/reduce-run-cost';
import { closeOpenGates, openGate, resolveGate } from '@/stores/reduce-run-gates';
import { ensureNode, mergeGraph } from '@/stores/reduce-run-graph';
import { withClosingTokens } from '@/stores/closing-tokens';
import type { BatchScratch, Draft } from '@/stores/run-draft';
import { tailOf, withTails } from '@/stores/tails';
import type { DecodeIssue, RunState, StreamStats } from '@/stores/run-types';

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

/** `state` after the batch: `state` itself when nothing changed, else a copy of all of it (any keys beside RunState's too). */
export function reduceRunBatch<S extends RunState>(state: S, batch: RunBatch): S {
  const draft: Draft = { ...state };
  const scratch: BatchScratch = { ownsGraph: false, ownsCost: false, costByNode: undefined, tailText: undefined, textMarks: undefined, ownsGates: false, rejectedPatches: 0 };
  const { events, rows } = batch;
  for (let i = 0; i < events.length; i++) applyEvent(draft, scratch, events[i] as RunEvent, rows[i] ?? -1);
  if (scratch.tailText) draft.tails = withTails(state.tails, scratch.tailText);
  if (scratch.costByNode) draft.cost = withNodeCosts(draft.cost, scratch.costByNode);
  if (scratch.textMarks) draft.streamedText = withBucketEntries(state.streamedText, scratch.textMarks);
  draft.logLength = batch.log.length;
  draft.droppedRows = batch.log.firstRow;
  draft.logRevision = batch.log.revision;
  if (batch.issues.length > 0) draft.issues = [...draft.issues, ...batch.issues].slice(-MAX_ISSUES);
  draft.stats = addStats(state.stats, scratch.rejectedPatches === 0 ? batch.stats : { ...batch.stats, rejected: batch.stats.rejected + scratch.rejectedPatches });
  return unchanged(state, draft) ? state : (draft as unknown as S);
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
      if (d.status === 'pending' && d.graph.order.length === 0) d.unknown = withReason(d.unknown, event.reason);
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
      if (event.text !== undefined) markText(d, b, event.nodeId, event.text);
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
      d.cost = addCost(d.cost, event, row, b.ownsCost, (b.costByNode ??= new Map()));
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

/** A preview stays partial once a hole is known, until the whole text replaces it (written at the end of the batch). */
function markText(d: Draft, b: BatchScratch, nodeId: string, text: StreamedText) {
  const now = b.textMarks?.get(nodeId) ?? bucketGet(d.streamedText, nodeId);
  const next = text === 'preview' && now === 'partial' ? 'partial' : text;
  if (now !== next) (b.textMarks ??= new Map()).set(nodeId, next);
}

/**
 * Every source that said the run does not exist, each once: a lookup answers at once and the
 * stream may say so later, and again on each reconnect. Neither replaces the other, so the
 * page never changes its words under the reader.
 */
function withReason(said: string | undefined, reason: string): string {
  if (said === undefined) return reason;
  return said.split('; ').includes(reason) ? said : `${said}; ${reason}`;
}

function finish(d: Draft, status: 'succeeded' | 'failed' | 'cancelled', event: RunEvent) {
  if (TERMINAL.has(d.status)) return;
  const atMs = event.atMs;
  d.status = status;
  d.endedAtMs = atMs ?? Date.now();
  if (atMs === undefined || event.receivedTime) d.timesReceived = true;
  d.chapters = closeChapter(d.chapters, undefined, atMs, status === 'succeeded' ? 'completed' : status);
}
