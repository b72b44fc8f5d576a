/**
 * relavium events → canonical RunEvents (the interpreter; relavium-locate.ts places them).
 * Stateless: every relavium event is complete in itself. Also reads the `GET /runs/{runId}`
 * snapshot reply used when a hole could not be refilled.
 *
 * Speed: every event is read by the reader derived from its schema (derive-reader.ts); zod
 * itself runs only for an event that reader refuses, to name its bad field.
 */
import { isHttpReplyFrame, type Interpretation, type Interpreter } from '@/protocol/dialect';
import { APPROVE_OPTION, REJECT_OPTION, reasonOf, rejected, toNodeStatus, typeOf, unknownFrame } from '@/protocol/decode-util';
import { parseWith } from '@/protocol/derive-reader';
import {
  RELAVIUM_TYPES,
  RelaviumEventSchema,
  RelaviumSnapshotSchema,
  type RelaviumEvent,
  type RelaviumSnapshot,
} from '@/protocol/relavium/relavium-schemas';
import type { GateOption, RunEvent } from '@/protocol/run-event';
import { microcentsToMicros } from '@/lib/to-micros';
import { parseTimeMs } from '@/lib/parse-time';

const TEXT_OPTIONS: GateOption[] = [{ value: 'input_provided', label: 'Submit', tone: 'approve' }, REJECT_OPTION];

export const interpretRelavium: Interpreter = (frame) => readRelavium(frame.body);

const parseEvent = parseWith(RelaviumEventSchema);

/** One event object (or the snapshot reply). */
export function readRelavium(body: unknown): Interpretation {
  if (isHttpReplyFrame(body)) return readSnapshot(body.body, body.reply.status);
  const frameType = typeOf(body);
  if (frameType === undefined) return rejected('not a relavium event: expected a JSON object with a string "type"');
  if (!RELAVIUM_TYPES.has(frameType)) return { kind: 'events', events: [unknownFrame(frameType)] };
  const parsed = parseEvent(body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), frameType);
  const wire = parsed.data;
  const events = toRunEvents(wire);
  const atMs = parseTimeMs(wire.timestamp);
  for (const event of events) {
    event.at = wire.timestamp;
    if (atMs !== undefined) event.atMs = atMs;
    if (wire.runId !== undefined) event.runId = wire.runId;
  }
  return { kind: 'events', events };
}

function toRunEvents(wire: RelaviumEvent): RunEvent[] {
  switch (wire.type) {
    case 'run:started':
      return [{ type: 'run.started', workflowId: wire.workflowId, inputs: wire.inputs }];
    case 'node:started':
      return [{ type: 'node.started', nodeId: wire.nodeId, kind: wire.nodeType, ...attemptOf(wire.attemptNumber) }];
    case 'agent:token':
      return [{ type: 'node.output', nodeId: wire.nodeId, delta: wire.token }];
    case 'agent:tool_call':
      return [{ type: 'tool.called', nodeId: wire.nodeId, tool: wire.toolId, args: wire.toolInput }];
    case 'agent:tool_result':
      return [{ type: 'tool.result', nodeId: wire.nodeId, tool: wire.toolId, ok: wire.success, result: wire.outputSummary }];
    case 'agent:file_patch_proposed':
      return [
        {
          type: 'log',
          level: 'info',
          nodeId: wire.nodeId,
          source: 'file_patch',
          message: `proposed changes to ${wire.patches.map((p) => p.uri).join(', ')}`,
        },
      ];
    case 'cost:updated':
      return [
        {
          type: 'cost.recorded',
          nodeId: wire.nodeId,
          model: wire.model,
          inputTokens: wire.inputTokens,
          outputTokens: wire.outputTokens,
          micros: microcentsToMicros(wire.costMicrocents),
          currency: 'USD',
          cumulativeMicros: microcentsToMicros(wire.cumulativeCostMicrocents),
        },
      ];
    case 'node:completed':
      return [
        {
          type: 'node.completed',
          nodeId: wire.nodeId,
          output: wire.output,
          durationMs: wire.durationMs,
          ...attemptOf(wire.attemptNumber),
        },
      ];
    case 'node:failed':
      return [{ type: 'node.failed', nodeId: wire.nodeId, error: wire.error, ...attemptOf(wire.attemptNumber) }];
    case 'node:retrying':
      return [
        { type: 'node.retrying', nodeId: wire.nodeId, attempt: wire.attemptNumber, error: wire.error, delayMs: wire.delayMs },
      ];
    case 'node:skipped':
      return [{ type: 'node.skipped', nodeId: wire.nodeId, reason: wire.reason }];
    case 'media_job:submitted':
      return [
        { type: 'node.progress', nodeId: wire.nodeId, message: `${wire.modality} job ${wire.jobId} submitted to ${wire.provider}` },
      ];
    case 'human_gate:paused':
      return [gateOpened(wire)];
    case 'human_gate:resumed':
      return [
        {
          type: 'gate.resolved',
          gateId: wire.gateId ?? `node:${wire.nodeId}`,
          nodeId: wire.nodeId,
          decision: wire.decision,
          decidedBy: wire.decidedBy,
          cause: wire.decidedBy === 'timeout' ? 'timeout' : 'decision',
          payload: wire.payload,
        },
      ];
    case 'run:completed':
      return [
        {
          type: 'run.completed',
          output: wire.outputs,
          durationMs: wire.durationMs,
          totalCost: { micros: microcentsToMicros(wire.totalCostMicrocents), currency: 'USD' },
          ...(wire.totalTokensUsed !== undefined ? { totalTokens: wire.totalTokensUsed } : {}),
        },
      ];
    case 'run:failed':
      return [{ type: 'run.failed', error: wire.error, ...(wire.error.nodeId ? { nodeId: wire.error.nodeId } : {}) }];
    case 'run:cancelled':
      return [{ type: 'run.cancelled' }];
    case 'run:paused':
      return [{ type: 'run.paused', reason: `waiting on ${wire.pendingGateCount} gate(s)` }];
    case 'run:timeout':
      return [{ type: 'log', level: 'error', message: `run timed out after ${wire.elapsedMs} ms (limit ${wire.timeoutMs} ms)` }];
    case 'budget:warning':
      return [
        {
          type: 'log',
          level: 'warn',
          source: 'budget',
          message: `budget ${wire.thresholdPct}% used (${wire.spentMicrocents} of ${wire.limitMicrocents} micro-cents)`,
        },
      ];
    case 'budget:paused':
      return [
        {
          type: 'gate.opened',
          gateId: wire.gateId,
          nodeId: wire.nodeId,
          kind: 'budget',
          message: `Budget cap reached: continue past ${formatMicrocents(wire.limitMicrocents)}?`,
          options: [APPROVE_OPTION, REJECT_OPTION],
          context: { spent: formatMicrocents(wire.spentMicrocents), limit: formatMicrocents(wire.limitMicrocents) },
        },
      ];
    case 'session:started':
      return [{ type: 'run.started', title: wire.agentRef ?? 'agent session' }];
    case 'session:turn_started':
      return [{ type: 'log', level: 'info', message: 'turn started' }];
    case 'session:turn_completed':
      return [
        wire.error
          ? { type: 'log', level: 'error', message: `turn failed: ${wire.error.message}` }
          : { type: 'log', level: 'info', message: `turn completed (${wire.stopReason ?? 'done'})` },
      ];
    case 'session:cancelled':
      return [{ type: 'run.cancelled' }];
    case 'session:exported':
      return [{ type: 'log', level: 'info', message: `exported to ${wire.workflowPath}` }];
  }
}

function attemptOf(attempt: number | undefined): { attempt?: number } {
  return attempt === undefined ? {} : { attempt };
}

function formatMicrocents(microcents: number): string {
  return `$${(microcents / 100_000_000).toFixed(4)}`;
}

function gateOpened(wire: Extract<RelaviumEvent, { type: 'human_gate:paused' }>): RunEvent {
  const deadline = parseTimeMs(wire.expiresAt);
  return {
    type: 'gate.opened',
    gateId: wire.gateId,
    nodeId: wire.nodeId,
    kind: wire.gateType,
    message: wire.message,
    options: wire.gateType === 'approval' ? [APPROVE_OPTION, REJECT_OPTION] : TEXT_OPTIONS,
    acceptsText: wire.gateType !== 'approval',
    ...(wire.assignee ? { requester: wire.assignee } : {}),
    ...(deadline !== undefined ? { deadlineAtMs: deadline } : {}),
    ...(wire.timeoutAction ? { onTimeout: wire.timeoutAction } : {}),
  };
}

function readSnapshot(body: unknown, status: number): Interpretation {
  if (status !== 200) return rejected(`snapshot request failed with HTTP ${status}`, 'snapshot');
  const parsed = RelaviumSnapshotSchema.safeParse(body);
  if (!parsed.success) return rejected(reasonOf(parsed.error), 'snapshot');
  return { kind: 'events', events: snapshotEvents(parsed.data) };
}

function snapshotEvents(snapshot: RelaviumSnapshot): RunEvent[] {
  const events: RunEvent[] = [
    {
      type: 'log',
      level: 'warn',
      source: 'runboard',
      message: `state resynced from snapshot up to event #${snapshot.lastSequenceNumber}`,
    },
  ];
  for (const step of snapshot.steps) {
    const status = toNodeStatus(step.status);
    if (status) events.push({ type: 'node.status', nodeId: step.nodeId, status });
  }
  for (const gate of snapshot.pendingGates) {
    const deadline = parseTimeMs(gate.expiresAt);
    events.push({
      type: 'gate.opened',
      gateId: gate.gateId,
      nodeId: gate.nodeId,
      kind: gate.gateType,
      message: gate.message,
      options: gate.gateType === 'approval' ? [APPROVE_OPTION, REJECT_OPTION] : TEXT_OPTIONS,
      acceptsText: gate.gateType !== 'approval',
      ...(deadline !== undefined ? { deadlineAtMs: deadline } : {}),
    });
  }
  const terminal = snapshotTerminal(snapshot.status);
  if (terminal) events.push(terminal);
  return events;
}

function snapshotTerminal(status: string): RunEvent | undefined {
  if (status === 'completed') return { type: 'run.completed' };
  if (status === 'failed') return { type: 'run.failed', error: { message: 'the run failed (from snapshot)' } };
  if (status === 'cancelled') return { type: 'run.cancelled' };
  return undefined;
}
