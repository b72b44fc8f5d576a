/**
 * A simulated AG-UI interrupt, played the way real frameworks play one (@ag-ui/mastra's
 * `suspendToInterrupt` and `on_interrupt`, read from the adapter): a tool suspends, so the
 * segment ends with
 *   CUSTOM 'on_interrupt'   value: JSON text {type, toolCallId, toolName, suspendPayload: {question}, args, resumeSchema}
 *   RUN_FINISHED outcome    {type: 'interrupt', interrupts: [{id, reason: '<framework>:tool_suspend', toolCallId,
 *                            responseSchema, expiresAt?, metadata: {stepName *, simulator: {toolName, args, suspendPayload}}}]}
 * with no TOOL_CALL_START for the suspended call and no `message` (the question is in metadata).
 * The answer is honoured only as a real framework honours it: `resolved` with an object
 * payload that satisfies the response schema (else the tool suspends again), or `cancelled`.
 * The resumed segment carries the suspended call's TOOL_CALL_RESULT.
 * (* Runboard convention, so the gate lands on its step.)
 */
import { EventType } from '@ag-ui/core';

import type { AguiSegmentWriter, AguiWire } from '@/simulator/backends/agui-segment';
import type { SimStep } from '@/simulator/engine/scenario';
import type { RunFacts } from '@/simulator/engine/scripted-run';

type GateStep = Extract<SimStep, { op: 'gate' }>;

export const INTERRUPT_REASON = 'runboard-sim:tool_suspend';

/** What the suspended tool asks for: a yes or no, and an optional note. */
export const RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    approved: { type: 'boolean', title: 'Approve this action' },
    note: { type: 'string', title: 'Note for the agent', maxLength: 500 },
  },
  required: ['approved'],
  additionalProperties: false,
} as const;

/** The tool a gate's step suspends (scenarios name no tool for a gate): named for the step it guards. */
function toolOf(step: GateStep): string {
  return step.kind === 'approval' ? `approve_${step.node}` : `ask_${step.node}`;
}

export function interruptFrames(w: AguiSegmentWriter, step: GateStep, run: RunFacts): AguiWire[] {
  const toolCallId = w.id(`call-${step.node}`);
  const toolName = toolOf(step);
  w.suspendedCalls.set(step.id, toolCallId);
  const args = step.context ?? {};
  const suspendPayload = { question: step.message };
  const note = { type: 'runboard_sim_suspend', toolCallId, toolName, suspendPayload, args, resumeSchema: JSON.stringify(RESPONSE_SCHEMA), runId: w.currentRunId };
  const interrupt = {
    id: step.id,
    reason: INTERRUPT_REASON,
    toolCallId,
    responseSchema: RESPONSE_SCHEMA,
    ...(step.timeoutMs !== undefined ? { expiresAt: new Date(run.nowMs + step.timeoutMs).toISOString() } : {}),
    metadata: { stepName: step.node, simulator: { toolName, args, suspendPayload } },
  };
  return [
    ...w.closeAll(run, 'suspended'),
    w.ev(run, EventType.CUSTOM, { name: 'on_interrupt', value: JSON.stringify(note) }),
    w.endSegment(run, { outcome: { type: 'interrupt', interrupts: [interrupt] } }),
  ];
}

/** The suspended call's result in the resumed segment (what the tool returned once answered). */
export function suspendedResult(w: AguiSegmentWriter, gateId: string, decision: string, run: RunFacts): AguiWire[] {
  const toolCallId = w.suspendedCalls.get(gateId);
  if (toolCallId === undefined) return [];
  w.suspendedCalls.delete(gateId);
  return [w.ev(run, EventType.TOOL_CALL_RESULT, { messageId: `${toolCallId}-result`, toolCallId, role: 'tool', content: JSON.stringify({ decision }) })];
}

/**
 * How a resume entry is honoured: 'approve' / 'reject', or 'again' when a framework would
 * not resume the tool (resolved with no payload, or one that fails the schema).
 */
export function readResume(entry: { status: string; payload?: unknown }): 'approve' | 'reject' | 'again' {
  if (entry.status === 'cancelled') return 'reject';
  if (entry.status !== 'resolved' || !fitsSchema(entry.payload)) return 'again';
  return (entry.payload as { approved: boolean }).approved ? 'approve' : 'reject';
}

function fitsSchema(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  const record = payload as Record<string, unknown>;
  const known = Object.keys(RESPONSE_SCHEMA.properties);
  if (Object.keys(record).some((key) => !known.includes(key))) return false;
  if (typeof record.approved !== 'boolean') return false;
  return record.note === undefined || (typeof record.note === 'string' && record.note.length <= RESPONSE_SCHEMA.properties.note.maxLength);
}
