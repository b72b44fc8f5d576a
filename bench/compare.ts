/**
 * Benchmark 11 — compare two runs of 2,000 steps each: both runs' facts read from real stores
 * (fed through the same applyBatch as live and replay), the steps matched and every differing
 * output summarized with jsdiff — what the compare screen does before it draws its first rows.
 * Run B renames a tenth of the steps (matched by label), moves some ids (matched by order),
 * adds 50 steps, fails and retries some, and changes a line of a third of the outputs.
 */
import { applyBatch } from '@/ingest/apply-batch';
import { NO_STATS } from '@/ingest/batch';
import type { RunEvent } from '@/protocol/run-event';
import { EventLog } from '@/stores/event-log';
import { createGateAnswerStore } from '@/stores/gate-answer-store';
import { createNodeStatusStore } from '@/stores/node-status-store';
import type { RunSession } from '@/stores/run-session';
import { createRunStore } from '@/stores/run-store';

import { buildComparison } from '@/features/compare/comparison';
import { runFactsOfSession } from '@/features/compare/run-facts-of-session';

import { bestCpuMs, ms, type BenchOptions, type BenchRow } from './lib/report';

const BUDGET_MS = 1000;

type Step = { id: string; label: string; n: number; fail: boolean; retry: boolean; twist: boolean };

function stepsOf(side: 'a' | 'b', count: number): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i < count; i++) {
    const renamed = side === 'b' && i % 10 === 3; // another id, same label
    const relabelled = side === 'b' && i % 25 === 7; // another id and label: matched by order
    steps.push({
      id: renamed || relabelled ? `b-${i}` : `step-${i}`,
      label: relabelled ? `renamed ${i}` : `Step ${i % 400}`, // duplicate labels on purpose
      n: i,
      fail: side === 'b' && i % 97 === 0,
      retry: side === 'b' && i % 31 === 0,
      twist: side === 'b' && i % 3 === 0,
    });
    if (side === 'b' && i % 40 === 20) steps.push({ id: `extra-${i}`, label: `Extra check ${i}`, n: i, fail: false, retry: false, twist: false });
  }
  return steps;
}

function outputOf(i: number, twist: boolean): string {
  const lines = Array.from({ length: 12 }, (_, k) => `Finding ${k} of step ${i}: the source agrees with the plan.`);
  if (twist) lines[5] = `Finding 5 of step ${i}: the source disagrees, a second source was read.`;
  return lines.join('\n');
}

function eventsOf(steps: readonly Step[]): RunEvent[] {
  const events: RunEvent[] = [{ type: 'run.started', atMs: 0, title: 'bench' }, { type: 'graph.defined', nodes: steps.map((s) => ({ id: s.id, label: s.label })), edges: [], atMs: 0 }];
  steps.forEach((s, i) => {
    const at = i * 10;
    events.push({ type: 'node.started', nodeId: s.id, atMs: at });
    if (s.retry) events.push({ type: 'node.retrying', nodeId: s.id, attempt: 2, atMs: at + 2 }, { type: 'node.started', nodeId: s.id, attempt: 2, atMs: at + 3 });
    events.push({ type: 'cost.recorded', nodeId: s.id, model: 'm', inputTokens: 300 + (i % 50), outputTokens: 120, micros: 900 + i, currency: 'USD', atMs: at + 5 });
    events.push(s.fail ? { type: 'node.failed', nodeId: s.id, error: { message: 'boom' }, atMs: at + 8 } : { type: 'node.completed', nodeId: s.id, output: outputOf(s.n, s.twist), atMs: at + 8 });
  });
  events.push({ type: 'run.completed', atMs: steps.length * 10 });
  return events;
}

function sessionOf(side: 'a' | 'b', count: number): RunSession {
  const log = new EventLog();
  const run = createRunStore({ runId: side, dialect: 'relavium', source: 'bench' });
  const nodeStatus = createNodeStatusStore();
  applyBatch({ log, run, nodeStatus }, { events: eventsOf(stepsOf(side, count)), issues: [], stats: NO_STATS, atMs: 0 });
  const refuse = () => Promise.resolve({ ok: false as const, reason: 'bench' });
  return { runId: side, mode: 'replay', dialect: { id: 'relavium', label: 'Relavium', capabilities: {} as RunSession['dialect']['capabilities'] }, log, run, nodeStatus, answers: createGateAnswerStore(), answerGate: refuse, control: refuse, frameAt: () => undefined, exportRecording: () => '' };
}

export function benchCompare({ quick, log }: BenchOptions): BenchRow[] {
  const count = quick ? 500 : 2000;
  const a = sessionOf('a', count);
  const b = sessionOf('b', count);
  let summary = '';
  const cpu = bestCpuMs(() => {
    const { model, diffs } = buildComparison(runFactsOfSession(a), runFactsOfSession(b));
    summary = `${model.rows.length} rows: ${model.matched} matched, ${model.onlyA} only in A, ${model.onlyB} only in B, ${model.diverging} differ, ${diffs.size} outputs diffed`;
  }, 5);
  log(`compare ${count}-step pair: ${summary}`);
  return [
    {
      bench: `11 compare: a ${count.toLocaleString('en-US')}-step pair opens (facts from the stores, matching, diff summary)`,
      figure: `${ms(cpu)} CPU (${summary})`,
      budget: '≤ 1 s',
      met: cpu <= BUDGET_MS,
    },
  ];
}
