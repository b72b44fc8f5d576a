/**
 * The contract of the attempt projection: one recording, read by the canvas (node-status
 * store), the Durations tab and the inspector's cost by attempt, gives one answer attempt by
 * attempt — a retried step, a rejected gate, a timed-out gate, steps that never ran, MARS's
 * doubled status, late text after a step ended.
 */
import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { EventLog } from '@/stores/event-log';
import { emptyNodeMap, nodeOf, type NodeMap } from '@/stores/node-map';
import { reduceNodeStatus } from '@/stores/reduce-node-status';
import { reduceRunBatch } from '@/stores/reduce-run';
import { initialRunState } from '@/stores/run-store';
import type { RunState } from '@/stores/run-types';
import { gateVerdictShort } from '@/stores/gate-verdict';
import { projectAttempts, type RunAttempts } from '@/stores';

import { buildDurationModel } from '@/features/durations/duration-model';
import { costRowsOf } from '@/features/inspector/cost-rows';

const USD = 'USD';
const cost = (nodeId: string, micros: number, atMs: number): RunEvent => ({ type: 'cost.recorded', nodeId, micros, inputTokens: micros, outputTokens: 1, currency: USD, atMs });
const gate = (gateId: string, nodeId: string, atMs: number, onTimeout?: string): RunEvent => ({
  type: 'gate.opened', gateId, nodeId, kind: 'approval', message: 'ship it?', atMs, ...(onTimeout ? { onTimeout } : {}),
  options: [{ value: 'approve', label: 'Approve', tone: 'approve' }, { value: 'reject', label: 'Reject', tone: 'reject' }],
});
const NODES = ['plan', 'fetch', 'review', 'approve', 'notify', 'skip'];

const RECORDING: readonly RunEvent[] = [
  { type: 'run.started', atMs: 0 },
  { type: 'graph.defined', atMs: 0, nodes: NODES.map((id) => ({ id, label: id.toUpperCase() })), edges: [{ source: 'plan', target: 'fetch' }, { source: 'fetch', target: 'review' }, { source: 'review', target: 'notify' }] },
  // MARS: step_started and the DAG's status change both say "running", then both say "done".
  { type: 'node.started', nodeId: 'plan', attempt: 1, atMs: 1 },
  { type: 'node.status', nodeId: 'plan', status: 'running', atMs: 2 },
  cost('plan', 10, 3),
  { type: 'node.status', nodeId: 'plan', status: 'succeeded', atMs: 5 },
  { type: 'node.completed', nodeId: 'plan', attempt: 1, atMs: 6 },
  // Text that arrives after the step ended (a late chunk) starts no attempt.
  { type: 'node.output', nodeId: 'plan', delta: 'late', atMs: 7 },
  // A retried step: cost after "retrying" belongs to the attempt that follows.
  { type: 'node.started', nodeId: 'fetch', atMs: 8 },
  cost('fetch', 20, 9),
  { type: 'node.retrying', nodeId: 'fetch', attempt: 1, error: { message: 'rate limited' }, atMs: 10 },
  cost('fetch', 30, 11),
  { type: 'node.started', nodeId: 'fetch', atMs: 12 },
  cost('fetch', 40, 15),
  { type: 'node.completed', nodeId: 'fetch', atMs: 20 },
  // A gate rejected by a person; another that timed out into a rejection.
  { type: 'node.started', nodeId: 'review', atMs: 21 },
  gate('g-review', 'review', 22),
  { type: 'gate.resolved', gateId: 'g-review', nodeId: 'review', decision: 'reject', decidedBy: 'alice', atMs: 30 },
  { type: 'node.completed', nodeId: 'review', atMs: 31 },
  { type: 'node.status', nodeId: 'approve', status: 'waiting', atMs: 21 },
  gate('g-approve', 'approve', 22, 'reject'),
  { type: 'gate.resolved', gateId: 'g-approve', nodeId: 'approve', decision: 'reject', decidedBy: 'timeout', cause: 'timeout', atMs: 40 },
  { type: 'node.completed', nodeId: 'approve', atMs: 41 },
  // Never ran: one the backend skipped, one still pending when the run ended.
  { type: 'node.skipped', nodeId: 'skip', reason: 'upstream_failed', atMs: 42 },
  { type: 'run.completed', atMs: 50 },
];

function record(events: readonly RunEvent[]): { log: EventLog; state: RunState; nodes: NodeMap } {
  const log = new EventLog();
  const rows = events.map((event) => log.append(event, -1));
  const state = reduceRunBatch(initialRunState({ runId: 'r', dialect: 'test', source: 'test' }), {
    events, rows, log: { length: log.length, firstRow: 0, revision: log.length }, issues: [], stats: { frames: 0, duplicates: 0, rejected: 0, unknown: 0, gaps: 0, holes: 0 }, atMs: 0,
  });
  return { log, state, nodes: reduceNodeStatus(emptyNodeMap(), events) };
}

/** "<attempt> <outcome>[ <gate verdict>]" per attempt of each node. */
type Answer = Record<string, string[]>;

function durationsAnswer(attempts: RunAttempts, state: RunState): Answer {
  const graph = { nodes: state.graph.nodes, edges: state.graph.edges };
  const out: Answer = {};
  for (const row of buildDurationModel(attempts, graph, 100).rows) {
    (out[row.attempt.nodeId] ??= []).push(`${row.attempt.attempt} ${row.attempt.outcome}${row.verdict ? ` ${row.verdict}` : ''}`);
  }
  return out;
}

/** The canvas: a node's status and attempt number, and the gate word the node box shows. */
function canvasAnswer(nodes: NodeMap, state: RunState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of NODES) {
    const node = nodeOf(nodes, id);
    const decided = state.gateOrder.map((g) => state.gates[g]).filter((g) => g?.nodeId === id && g.status !== 'open').at(-1);
    out[id] = `${node?.attempt} ${node?.status}${decided ? ` ${gateVerdictShort(decided)}` : ''}`;
  }
  return out;
}

describe('one attempt answer for every view', () => {
  const { log, state, nodes } = record(RECORDING);
  const attempts = projectAttempts(log, state.cost.points, state.gates);

  test('Durations draws each attempt the projection holds, with its outcome and gate verdict', () => {
    expect(durationsAnswer(attempts, state)).toEqual({
      plan: ['1 succeeded'],
      fetch: ['1 retried', '2 succeeded'],
      review: ['1 succeeded rejected'],
      approve: ['1 succeeded timed out (rejected)'],
      skip: ['1 not_run'],
      notify: ['1 not_run'],
    });
  });

  test("the canvas's status and attempt number are each node's last attempt", () => {
    const last = Object.fromEntries(NODES.map((id) => {
      const a = attempts.byNode.get(id)?.at(-1);
      const word = a?.outcome === 'not_run' ? 'not_run' : a?.outcome;
      return [id, `${a?.attempt} ${word}${a?.gate ? ` ${a.gate.verdict}` : ''}`];
    }));
    expect(canvasAnswer(nodes, state)).toEqual(last);
  });

  test("the inspector's cost by attempt splits the node's cost at the projection's attempts", () => {
    const rows = (id: string) => costRowsOf(attempts.byNode.get(id) ?? []).map((r) => `${r.attempt} ${r.cost.micros}`);
    expect(rows('plan')).toEqual(['1 10']);
    expect(rows('fetch')).toEqual(['1 20', '2 70']);
    expect(rows('review')).toEqual([]);
    // Every cost row is an attempt Durations draws, and no cost is lost.
    const total = [...attempts.byNode.values()].flat().reduce((n, a) => n + a.cost.micros, 0);
    expect(total).toBe(state.cost.totalMicros);
  });

  test('each attempt names the log row and raw frame that opened it, and not-run keeps its reason', () => {
    const fetch2 = attempts.byNode.get('fetch')?.[1];
    expect(log.at(fetch2?.row ?? -1)?.event).toMatchObject({ type: 'node.started', nodeId: 'fetch', atMs: 12 });
    expect(attempts.byNode.get('skip')?.[0]).toMatchObject({ outcome: 'not_run', notRunReason: 'upstream_failed', startedAtMs: 42, endedAtMs: 42 });
    expect(attempts.byNode.get('fetch')?.[1]?.retryQueuedAtMs).toBe(10);
  });
});
