/**
 * CUSTOM events: AG-UI's extension point. AG-UI has no cost, plan, skip, progress or log
 * event, so Runboard reads these names (its simulator emits them; other producers may):
 *
 *   usage | cost    {model?, inputTokens?, outputTokens?, costUsd, currency?, stepName?}
 *                   (snake_case `cost_usd`, `input_tokens`, `output_tokens` accepted) → cost.recorded
 *   plan            {nodes: [{id, label?, kind?, group?}], edges: [{source, target}]} → graph.defined
 *   step_skipped    {stepName, reason?}                → node.skipped
 *   step_progress   {stepName, progress?, message?}    → node.progress (progress 0..1)
 *   log             {level, message, stepName?}        → log
 *   on_interrupt (any name with interrupt / suspend / approval)
 *                   kept to describe the interrupt RUN_FINISHED names next (agui-interrupt.ts)
 *
 * Any other name, or one of these whose value does not fit, stays a raw event (never an error).
 */
import * as z from 'zod';

import { parseWith } from '@/protocol/derive-reader';
import { type AguiDecoderState, resolveNode, stepNodeId } from '@/protocol/agui/agui-decoder-state';
import { isInterruptNote, noteValue } from '@/protocol/agui/agui-interrupt';
import type { AguiEventOf } from '@/protocol/agui/agui-schemas';
import { decimalToMicros } from '@/lib/to-micros';
import type { RunEvent } from '@/protocol/run-event';
import { nullishField } from '@/protocol/nullish-field';

const optional = nullishField;
const tokens = optional(z.number().int().nonnegative());

export const CostValueSchema = z
  .looseObject({
    model: optional(z.string()),
    inputTokens: tokens,
    outputTokens: tokens,
    input_tokens: tokens,
    output_tokens: tokens,
    costUsd: optional(z.number()),
    cost_usd: optional(z.number()),
    currency: optional(z.string()),
    stepName: optional(z.string()),
  })
  .refine((value) => value.costUsd !== undefined || value.cost_usd !== undefined, 'costUsd is required');

export const PlanValueSchema = z.looseObject({
  nodes: z.array(
    z.looseObject({ id: z.string(), label: optional(z.string()), kind: optional(z.string()), group: optional(z.string()) }),
  ),
  edges: optional(z.array(z.looseObject({ source: z.string(), target: z.string() }))),
});
export const StepValueSchema = z.looseObject({
  stepName: z.string(),
  reason: optional(z.string()),
  progress: optional(z.number().min(0).max(1)),
  message: optional(z.string()),
});
export const LogValueSchema = z.looseObject({
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string(),
  stepName: optional(z.string()),
});

// Read through the readers derived from the schemas (zod runs only for a value they refuse): a cost
// record per model call went through zod's safeParse, 1.6% of an AG-UI stream's frames and 5% of its ingest.
const readCostValue = parseWith(CostValueSchema);
const readPlanValue = parseWith(PlanValueSchema);
const readStepValue = parseWith(StepValueSchema);
const readLogValue = parseWith(LogValueSchema);

export function customEvents(state: AguiDecoderState, wire: AguiEventOf<'CUSTOM'>): RunEvent[] {
  switch (wire.name) {
    case 'usage':
    case 'cost':
      return costEvents(state, wire);
    case 'plan':
      return planEvents(state, wire);
    case 'step_skipped':
    case 'step_progress':
      return stepEvents(wire);
    case 'log': {
      const parsed = readLogValue(wire.value);
      if (!parsed.success) return [customRaw(wire)];
      const { level, message, stepName } = parsed.data;
      return [{ type: 'log', level, message, ...(stepName !== undefined ? { nodeId: stepNodeId(stepName, wire.subagentRunId) } : {}) }];
    }
    default:
      noteInterrupt(state, wire);
      return [customRaw(wire)];
  }
}

/** A CUSTOM event describing an interrupt: kept until RUN_FINISHED names the interrupt (agui-interrupt.ts). */
function noteInterrupt(state: AguiDecoderState, wire: AguiEventOf<'CUSTOM'>): void {
  if (!isInterruptNote(wire.name)) return;
  const value = noteValue(wire.value);
  if (value !== undefined && state.interruptNotes.length < 50) state.interruptNotes.push(value);
}

function costEvents(state: AguiDecoderState, wire: AguiEventOf<'CUSTOM'>): RunEvent[] {
  const parsed = readCostValue(wire.value);
  if (!parsed.success) return [customRaw(wire)];
  const v = parsed.data;
  const out: RunEvent[] = [];
  const nodeId =
    v.stepName !== undefined ? stepNodeId(v.stepName, wire.subagentRunId) : resolveNode(state, out, wire.subagentRunId, wire.metadata);
  const inputTokens = v.inputTokens ?? v.input_tokens;
  const outputTokens = v.outputTokens ?? v.output_tokens;
  out.push({
    type: 'cost.recorded',
    nodeId,
    micros: decimalToMicros(v.costUsd ?? v.cost_usd ?? 0),
    currency: v.currency ?? 'USD',
    ...(v.model !== undefined ? { model: v.model } : {}),
    ...(inputTokens !== undefined ? { inputTokens } : {}),
    ...(outputTokens !== undefined ? { outputTokens } : {}),
  });
  return out;
}

function planEvents(state: AguiDecoderState, wire: AguiEventOf<'CUSTOM'>): RunEvent[] {
  const parsed = readPlanValue(wire.value);
  if (!parsed.success) return [customRaw(wire)];
  const nodes = parsed.data.nodes.map(({ id, label, kind, group }) => ({
    id,
    label: label ?? id,
    ...(kind !== undefined ? { kind } : {}),
    ...(group !== undefined ? { group } : {}),
  }));
  for (const node of nodes) state.known.add(node.id);
  const edges = (parsed.data.edges ?? []).map(({ source, target }) => ({ source, target }));
  return [{ type: 'graph.defined', nodes, edges }];
}

function stepEvents(wire: AguiEventOf<'CUSTOM'>): RunEvent[] {
  const parsed = readStepValue(wire.value);
  if (!parsed.success) return [customRaw(wire)];
  const { stepName, reason, progress, message } = parsed.data;
  const nodeId = stepNodeId(stepName, wire.subagentRunId);
  if (wire.name === 'step_skipped') return [{ type: 'node.skipped', nodeId, ...(reason !== undefined ? { reason } : {}) }];
  return [
    {
      type: 'node.progress',
      nodeId,
      ...(progress !== undefined ? { progress } : {}),
      ...(message !== undefined ? { message } : {}),
    },
  ];
}

function customRaw(wire: AguiEventOf<'CUSTOM'>): RunEvent {
  return { type: 'raw', frameType: `CUSTOM:${wire.name}`, summary: summarize(wire.value) };
}

/** A short, bounded text of any JSON value for the raw log. */
export function summarize(value: unknown, max = 200): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    // A value nested too deeply for JSON.stringify would overflow String() too (found by fuzzing).
    text = '[unserialisable value]';
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
