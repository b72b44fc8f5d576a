/**
 * A run's facts for the compare screen, read once from a session's stores: the run store
 * (title, status, times, graph, cost points), the node-status store (status, times), the
 * attempt projection every view shares (attempts) and the event log (each step's output). Called again when the stores change
 * (throttled by the page), never on every token.
 */
import { toDisplayJson } from '@/lib/format-json';
import { attemptsOfLog } from '@/stores';
import type { EventLog } from '@/stores/event-log';
import { nodeIds, nodeOf } from '@/stores/node-map';
import type { NodeState } from '@/stores/node-types';
import type { RunSession } from '@/stores/run-session';
import type { CostPoint, RunState } from '@/stores/run-types';

import type { RunFacts, StepFacts } from '@/features/compare/compare-types';

/** How much of a step's output is kept for comparing (the diff cuts further). */
export const OUTPUT_CHARS = 50_000;

export function runFactsOfSession(session: RunSession): RunFacts {
  const run = session.run.getState();
  const nodes = session.nodeStatus.getState().byId;
  const perNode = tallyCost(run.cost.points);
  const tries = attemptCounts(session.log);
  const ids = [...run.graph.order, ...nodeIds(nodes).filter((id) => run.graph.nodes[id] === undefined)];
  const steps = ids.map((id) => stepFacts(id, run, nodeOf(nodes, id), { cost: perNode.get(id), attempts: tries.get(id) ?? 0 }, session.log));
  return {
    title: run.title ?? session.runId,
    runId: session.runId,
    dialect: session.dialect.id,
    dialectLabel: session.dialect.label,
    mode: session.mode,
    status: run.status,
    ...(run.startedAtMs !== undefined ? { startedAtMs: run.startedAtMs } : {}),
    ...(run.endedAtMs !== undefined ? { endedAtMs: run.endedAtMs } : {}),
    ...(run.cost.costReported ? { costMicros: run.cost.totalMicros } : {}),
    currency: run.cost.currency,
    ...(run.cost.tokensReported ? { tokens: run.cost.inputTokens + run.cost.outputTokens + run.cost.unsplitTokens } : {}),
    steps,
  };
}

type NodeCost = { micros: number; tokens: number; priced: boolean; counted: boolean };

/** How many times each step ran, as every view counts it (the run's attempt projection; a step that never ran has none). */
function attemptCounts(log: EventLog): Map<string, number> {
  const counts = new Map<string, number>();
  for (const attempt of attemptsOfLog(log).attempts) {
    if (attempt.outcome !== 'not_run') counts.set(attempt.nodeId, (counts.get(attempt.nodeId) ?? 0) + 1);
  }
  return counts;
}

function tallyCost(points: readonly CostPoint[]): Map<string, NodeCost> {
  const byNode = new Map<string, NodeCost>();
  for (const p of points) {
    if (p.nodeId === undefined) continue;
    const entry = byNode.get(p.nodeId) ?? { micros: 0, tokens: 0, priced: false, counted: false };
    entry.micros += p.micros;
    entry.tokens += p.inputTokens + p.outputTokens;
    entry.priced ||= !p.tokensOnly;
    entry.counted ||= p.inputTokens + p.outputTokens > 0;
    byNode.set(p.nodeId, entry);
  }
  return byNode;
}

function stepFacts(id: string, run: RunState, node: NodeState | undefined, tally: { cost: NodeCost | undefined; attempts: number }, log: EventLog): StepFacts {
  const { cost } = tally;
  const { startedAtMs, output } = readRows(log, id);
  const started = startedAtMs ?? node?.startedAtMs;
  const ended = node?.endedAtMs;
  return {
    id,
    label: run.graph.nodes[id]?.label ?? id,
    status: node?.status ?? run.graph.nodes[id]?.status ?? 'pending',
    attempts: tally.attempts,
    ...(started !== undefined ? { startedAtMs: started } : {}),
    ...(ended !== undefined ? { endedAtMs: ended } : {}),
    ...(started !== undefined && ended !== undefined && ended >= started ? { durationMs: ended - started } : {}),
    ...(cost?.counted ? { tokens: cost.tokens } : {}),
    ...(cost?.priced ? { costMicros: cost.micros } : {}),
    output,
  };
}

/** The first start of the step and its output: the last result it reported, else the text it streamed. */
function readRows(log: EventLog, nodeId: string): { startedAtMs?: number; output: string } {
  let startedAtMs: number | undefined;
  let result: unknown;
  let hasResult = false;
  const streamed: string[] = [];
  for (const row of log.rowsOfNode(nodeId)) {
    const event = log.at(row)?.event;
    if (!event) continue;
    if (event.type === 'node.started' && startedAtMs === undefined && event.atMs !== undefined) startedAtMs = event.atMs;
    else if (event.type === 'node.output') streamed.push(event.delta);
    else if (event.type === 'node.completed' && event.output !== undefined) {
      result = event.output;
      hasResult = true;
    }
  }
  const text = hasResult ? (typeof result === 'string' ? result : toDisplayJson(result, OUTPUT_CHARS).text) : streamed.join('');
  return { ...(startedAtMs !== undefined ? { startedAtMs } : {}), output: text.length > OUTPUT_CHARS ? text.slice(0, OUTPUT_CHARS) : text };
}
