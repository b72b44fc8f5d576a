/**
 * A run as a tree of spans, before any OpenTelemetry code: the run is the root, each step a
 * child with one child per attempt, each model call a generation span under the attempt it
 * happened in (GenAI semantic conventions: `gen_ai.*` model, token and message attributes),
 * and each gate two span events (opened; decided, by whom) on its step. Pure: to-otlp.ts
 * turns it into SDK spans; tests read it directly.
 */
import type { LlmCall } from '@/stores/llm-calls';
import type { AttemptOutcome, NodeAttempt } from '@/stores';

export type Attr = string | number | boolean;
export type SpanEventPlan = Readonly<{ name: string; atMs: number; attributes: Record<string, Attr> }>;
export type SpanPlan = {
  name: string;
  kind: 'internal' | 'client';
  startMs: number;
  endMs: number;
  status: 'ok' | 'error' | 'unset';
  statusMessage?: string;
  attributes: Record<string, Attr>;
  events: SpanEventPlan[];
  children: SpanPlan[];
};

export type GateFact = Readonly<{
  gateId: string;
  nodeId?: string;
  kind: string;
  message: string;
  openedAtMs: number;
  resolvedAtMs?: number;
  decision?: string;
  decidedBy?: string;
  verdict: string;
}>;

export type RunFacts = Readonly<{
  runId: string;
  dialect: string;
  title?: string;
  status: string;
  error?: string;
  startMs: number;
  endMs: number;
  attempts: readonly NodeAttempt[];
  labelOf: (nodeId: string) => string;
  calls: readonly LlmCall[];
  gates: readonly GateFact[];
}>;

export function buildTracePlan(run: RunFacts): SpanPlan {
  const root = span(`run ${run.title ?? run.runId}`, run.startMs, run.endMs, {
    'runboard.run.id': run.runId,
    'runboard.run.status': run.status,
    'runboard.dialect': run.dialect,
    'gen_ai.operation.name': 'invoke_agent',
  });
  root.status = run.status === 'succeeded' ? 'ok' : run.status === 'failed' ? 'error' : 'unset';
  if (run.error !== undefined) root.statusMessage = run.error;
  const steps = stepSpans(run);
  root.children.push(...steps.values());
  for (const call of run.calls) placeCall(call, root, steps, run);
  for (const gate of run.gates) gateEvents(gate, (gate.nodeId !== undefined ? steps.get(gate.nodeId) : undefined) ?? root);
  return root;
}

function span(name: string, startMs: number, endMs: number, attributes: Record<string, Attr>, kind: SpanPlan['kind'] = 'internal'): SpanPlan {
  return { name, kind, startMs, endMs: Math.max(startMs, endMs), status: 'unset', attributes, events: [], children: [] };
}

const OUTCOME_STATUS: Record<AttemptOutcome, SpanPlan['status']> = {
  succeeded: 'ok',
  failed: 'error',
  retried: 'error',
  running: 'unset',
  not_run: 'unset',
  cancelled: 'unset',
  unfinished: 'unset',
};

function stepSpans(run: RunFacts): Map<string, SpanPlan> {
  const steps = new Map<string, SpanPlan>();
  for (const attempt of run.attempts) {
    // An attempt no event timed (a status declared with the graph) is placed at the run's start.
    const startMs = attempt.startedAtMs ?? run.startMs;
    const endMs = attempt.endedAtMs ?? run.endMs;
    const label = run.labelOf(attempt.nodeId);
    let step = steps.get(attempt.nodeId);
    if (step === undefined) {
      step = span(`step ${label}`, startMs, endMs, { 'runboard.step.id': attempt.nodeId, 'runboard.step.label': label });
      steps.set(attempt.nodeId, step);
    }
    step.startMs = Math.min(step.startMs, startMs);
    step.endMs = Math.max(step.endMs, endMs);
    step.status = OUTCOME_STATUS[attempt.outcome];
    step.attributes['runboard.step.status'] = attempt.outcome;
    step.attributes['runboard.step.attempts'] = attempt.attempt;
    const child = span(`attempt ${attempt.attempt} of ${label}`, startMs, endMs, { 'runboard.attempt': attempt.attempt, 'runboard.attempt.outcome': attempt.outcome });
    child.status = OUTCOME_STATUS[attempt.outcome];
    if (attempt.outcome === 'retried') child.statusMessage = 'failed, retried';
    step.children.push(child);
  }
  return steps;
}

/** Under the attempt of its step that was open when the call ended, else the step, else the run. */
function placeCall(call: LlmCall, root: SpanPlan, steps: ReadonlyMap<string, SpanPlan>, run: RunFacts): void {
  const step = call.nodeId !== undefined ? steps.get(call.nodeId) : undefined;
  const at = call.endedAtMs ?? call.atMs ?? call.startedAtMs;
  const parent = (at !== undefined ? step?.children.find((a) => a.startMs <= at && at <= a.endMs) : undefined) ?? step?.children.at(-1) ?? step ?? root;
  const endMs = at ?? parent.endMs;
  const startMs = call.startedAtMs ?? (call.latencyMs !== undefined ? endMs - call.latencyMs : endMs);
  parent.children.push(span(call.model !== undefined ? `chat ${call.model}` : 'chat', startMs, endMs, generationAttributes(call, run), 'client'));
}

function generationAttributes(call: LlmCall, run: RunFacts): Record<string, Attr> {
  const attrs: Record<string, Attr> = { 'gen_ai.operation.name': 'chat', 'runboard.dialect': run.dialect, 'runboard.call.index': call.index + 1 };
  if (call.model !== undefined) attrs['gen_ai.request.model'] = attrs['gen_ai.response.model'] = call.model;
  if (call.inputTokens !== undefined) attrs['gen_ai.usage.input_tokens'] = call.inputTokens;
  if (call.outputTokens !== undefined) attrs['gen_ai.usage.output_tokens'] = call.outputTokens;
  if (call.unsplitTokens !== undefined) attrs['runboard.usage.unsplit_tokens'] = call.unsplitTokens;
  if (call.micros !== undefined) {
    attrs['gen_ai.usage.cost'] = call.micros / 1_000_000;
    attrs['runboard.cost.currency'] = call.currency ?? 'USD';
  }
  if (call.latencyMs !== undefined) attrs['runboard.call.latency_source'] = call.latency ?? 'stated';
  if (call.prompt !== undefined) attrs['gen_ai.input.messages'] = messages('user', call.prompt);
  const output = [call.reasoning !== undefined ? { type: 'reasoning', content: call.reasoning } : undefined, call.response !== undefined ? { type: 'text', content: call.response } : undefined].filter((p) => p !== undefined);
  if (output.length > 0) attrs['gen_ai.output.messages'] = JSON.stringify([{ role: 'assistant', parts: output }]);
  return attrs;
}

const messages = (role: string, content: string) => JSON.stringify([{ role, parts: [{ type: 'text', content }] }]);

function gateEvents(gate: GateFact, on: SpanPlan): void {
  const base = { 'runboard.gate.id': gate.gateId, 'runboard.gate.kind': gate.kind };
  on.events.push({ name: 'gate opened', atMs: gate.openedAtMs, attributes: { ...base, 'runboard.gate.message': gate.message } });
  if (gate.resolvedAtMs === undefined && gate.decision === undefined) return;
  const decided: Record<string, Attr> = { ...base, 'runboard.gate.verdict': gate.verdict };
  if (gate.decision !== undefined) decided['runboard.gate.decision'] = gate.decision;
  if (gate.decidedBy !== undefined) decided['runboard.gate.decided_by'] = gate.decidedBy;
  on.events.push({ name: 'gate decided', atMs: gate.resolvedAtMs ?? gate.openedAtMs, attributes: decided });
}
