/**
 * AG-UI run, step and subagent lifecycle → canonical events.
 *
 * Runboard's run is the AG-UI *thread*: each HTTP run is one segment of it. A segment that
 * ends with `RUN_FINISHED.outcome.type === 'interrupt'` pauses the run with one gate per
 * interrupt; the next segment (a new RUN_STARTED, whose `input.resume` echo says how each
 * interrupt was answered) resumes it.
 *
 * Steps have no failed state in AG-UI. Runboard's convention (used by its simulator, and
 * harmless for producers that do not follow it): `STEP_FINISHED.metadata.outcome` may be
 * 'failed' (with `metadata.error {message, code?}` and `metadata.retrying`), 'suspended'
 * (closed only because the run segment ended at an interrupt) or 'cancelled'; absent means
 * the step succeeded, with `metadata.output` as its output.
 */
import type { AguiDecoderState } from '@/protocol/agui/agui-decoder-state';
import {
  ASSISTANT_NODE,
  announce,
  closeStep,
  laneOf,
  openStep,
  stepNodeId,
  subagentNodeId,
} from '@/protocol/agui/agui-decoder-state';
import type { AguiEventOf, AguiInterrupt } from '@/protocol/agui/agui-schemas';
import { noteUsage, usageFields } from '@/protocol/agui/agui-usage';
import { closeToolNodes, interruptNode as interruptNodeOfRun, settleInterruptNodes } from '@/protocol/agui/agui-tool-nodes';
import { parseTimeMs } from '@/lib/parse-time';
import type { ErrorInfo, GateOption, RunEvent } from '@/protocol/run-event';

// Named by what they do: AG-UI's "cancelled" is a decision that skips the interrupted step, not a way to close.
export const RESOLVE_OPTION: GateOption = { value: 'resolved', label: 'Resolve and continue', tone: 'approve' };
export const CANCEL_OPTION: GateOption = { value: 'cancelled', label: 'Skip this step', tone: 'reject' };

export function runStarted(state: AguiDecoderState, wire: AguiEventOf<'RUN_STARTED'>): RunEvent[] {
  const out: RunEvent[] = [];
  if (state.phase === 'interrupted') {
    const answers = new Map((wire.input?.resume ?? []).map((entry) => [entry.interruptId, entry]));
    for (const gateId of state.pendingGates) {
      const entry = answers.get(gateId);
      // A new run on an interrupted thread must answer every interrupt (the reference
      // client refuses otherwise), so a gate missing from the echo was still answered.
      out.push({ type: 'gate.resolved', gateId, decision: entry?.status ?? 'answered', cause: 'decision', payload: entry?.payload });
    }
    state.pendingGates = [];
    out.push({ type: 'run.resumed' }, ...settleInterruptNodes(state));
  } else if ((wire.input?.resume ?? []).length > 0) {
    // A resumed run on a fresh connection (the session decodes each POST with a new
    // decoder): the echoed `resume` still says which gates this run answers.
    for (const entry of wire.input?.resume ?? []) {
      out.push({ type: 'gate.resolved', gateId: entry.interruptId, decision: entry.status, cause: 'decision', payload: entry.payload });
    }
    out.push({ type: 'run.resumed' });
  } else if (state.phase === 'running') {
    out.push({ type: 'log', level: 'warn', source: 'agui', message: `RUN_STARTED ${wire.runId} while the previous run segment is still open` });
  } else {
    // Our own first message when this session started the run: adapters echo no `input`.
    const title = titleOf(state.conversation.messages) ?? titleOf(wire.input?.messages);
    out.push(title === undefined ? { type: 'run.started' } : { type: 'run.started', title });
  }
  state.phase = 'running';
  out.push({ type: 'log', level: 'debug', source: 'agui', message: `run segment ${wire.runId} started on thread ${wire.threadId}` });
  return out;
}

const TITLE_MAX = 80;

/** AG-UI names no run title: the first thing the user asked stands for it (clipped to a header's length). */
function titleOf(messages: readonly { role?: string | undefined; content?: unknown }[] | undefined): string | undefined {
  const content = messages?.find((message) => message.role === 'user')?.content;
  const text = typeof content === 'string' ? content : Array.isArray(content) ? textParts(content) : undefined;
  const line = text?.replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  return line.length <= TITLE_MAX ? line : `${line.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}

/** Multimodal content: the text parts, joined. */
function textParts(parts: readonly unknown[]): string {
  return parts.map((part) => (typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'text' ? String((part as { text?: unknown }).text ?? '') : '')).join(' ');
}

export function runFinished(state: AguiDecoderState, wire: AguiEventOf<'RUN_FINISHED'>): RunEvent[] {
  noteUsage(state.usage, wire.usage);
  const out = closeAssistant(state);
  const outcome = wire.outcome;
  if (outcome?.type === 'interrupt' && 'interrupts' in outcome && Array.isArray(outcome.interrupts)) {
    const interrupts = outcome.interrupts as AguiInterrupt[];
    for (const interrupt of interrupts) out.push(gateOpened(state, interrupt, out));
    state.pendingGates = interrupts.map((interrupt) => interrupt.id);
    state.phase = 'interrupted';
    out.push({ type: 'run.paused', reason: `waiting on ${interrupts.length} interrupt(s)` });
    return out;
  }
  state.phase = 'ended';
  out.push(...closeToolNodes(state, outcome?.type === 'cancelled' ? 'stopped' : 'succeeded'));
  if (outcome?.type === 'cancelled') return [...out, { type: 'run.cancelled' }];
  if (outcome !== undefined && outcome.type !== 'success') {
    out.push({ type: 'log', level: 'warn', source: 'agui', message: `unknown run outcome "${outcome.type}" read as success` });
  }
  out.push({ type: 'run.completed', output: wire.result, ...usageFields(state.usage) });
  return out;
}

export function runError(state: AguiDecoderState, wire: AguiEventOf<'RUN_ERROR'>): RunEvent[] {
  noteUsage(state.usage, wire.usage);
  state.phase = 'ended';
  const open = closeToolNodes(state, 'stopped');
  // Older producers spell a stop as RUN_ERROR code 'cancelled'; 1.0 has outcome 'cancelled'.
  if (wire.code === 'cancelled') return [...open, { type: 'run.cancelled', reason: wire.message }];
  const error: ErrorInfo = { message: wire.message, ...(wire.code !== undefined ? { code: wire.code } : {}) };
  return [...open, { type: 'run.failed', error, ...usageFields(state.usage) }];
}

function closeAssistant(state: AguiDecoderState): RunEvent[] {
  if (!state.assistantOpen) return [];
  state.assistantOpen = false;
  return [{ type: 'node.completed', nodeId: ASSISTANT_NODE }];
}

function gateOpened(state: AguiDecoderState, interrupt: AguiInterrupt, out: RunEvent[]): RunEvent {
  const deadline = parseTimeMs(interrupt.expiresAt);
  const nodeId = interruptNode(state, interrupt) ?? interruptNodeOfRun(state, out, interrupt);
  const context = interrupt.metadata?.context ?? { reason: interrupt.reason };
  return {
    type: 'gate.opened',
    gateId: interrupt.id,
    kind: 'interrupt',
    message: interrupt.message ?? interrupt.reason,
    options: [RESOLVE_OPTION, CANCEL_OPTION],
    acceptsText: true,
    context,
    ...(nodeId !== undefined ? { nodeId } : {}),
    ...(interrupt.subagentRunId !== undefined ? { requester: state.subagents.get(interrupt.subagentRunId) ?? subagentNodeId(interrupt.subagentRunId) } : {}),
    ...(interrupt.responseSchema !== undefined ? { schema: interrupt.responseSchema } : {}),
    ...(deadline !== undefined ? { deadlineAtMs: deadline } : {}),
  };
}

function interruptNode(state: AguiDecoderState, interrupt: AguiInterrupt): string | undefined {
  const stepName = interrupt.metadata?.stepName;
  if (typeof stepName === 'string') return stepNodeId(stepName, interrupt.subagentRunId);
  if (interrupt.toolCallId !== undefined) return state.tools.get(interrupt.toolCallId)?.nodeId;
  return interrupt.subagentRunId !== undefined ? state.subagents.get(interrupt.subagentRunId) : undefined;
}

// ---- steps -----------------------------------------------------------------

export function stepStarted(state: AguiDecoderState, wire: AguiEventOf<'STEP_STARTED'>): RunEvent[] {
  const out: RunEvent[] = [];
  const nodeId = stepNodeId(wire.stepName, wire.subagentRunId);
  const group = wire.subagentRunId !== undefined ? state.subagents.get(wire.subagentRunId) : undefined;
  announce(state, out, { id: nodeId, label: wire.stepName, kind: 'step', ...(group !== undefined ? { group } : {}) });
  openStep(state, laneOf(wire.subagentRunId), nodeId);
  if (state.suspended.delete(nodeId)) {
    out.push({ type: 'node.status', nodeId, status: 'running' });
    return out;
  }
  const attempt = (state.attempts.get(nodeId) ?? 0) + 1;
  state.attempts.set(nodeId, attempt);
  out.push({ type: 'node.started', nodeId, attempt });
  return out;
}

export function stepFinished(state: AguiDecoderState, wire: AguiEventOf<'STEP_FINISHED'>): RunEvent[] {
  const nodeId = stepNodeId(wire.stepName, wire.subagentRunId);
  closeStep(state, laneOf(wire.subagentRunId), nodeId);
  const meta = wire.metadata ?? {};
  const attempt = state.attempts.get(nodeId) ?? 1;
  switch (meta.outcome) {
    case 'failed': {
      const error = errorOf(meta.error);
      return meta.retrying === true
        ? [{ type: 'node.retrying', nodeId, attempt, error }]
        : [{ type: 'node.failed', nodeId, error, attempt }];
    }
    case 'suspended':
      state.suspended.add(nodeId);
      return [{ type: 'node.status', nodeId, status: 'waiting' }];
    case 'cancelled':
      return [{ type: 'node.cancelled', nodeId }];
    default:
      return [{ type: 'node.completed', nodeId, attempt, ...(meta.output !== undefined ? { output: meta.output } : {}) }];
  }
}

function errorOf(value: unknown): ErrorInfo {
  if (typeof value === 'string') return { message: value };
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const message = typeof record.message === 'string' ? record.message : 'the step failed';
  return typeof record.code === 'string' ? { message, code: record.code } : { message };
}

// ---- subagents -------------------------------------------------------------

export function subagentStarted(state: AguiDecoderState, wire: AguiEventOf<'SUBAGENT_STARTED'>): RunEvent[] {
  const out: RunEvent[] = [];
  const nodeId = subagentNodeId(wire.subagentRunId);
  state.subagents.set(wire.subagentRunId, nodeId);
  const parent =
    (wire.parentSubagentRunId !== undefined ? state.subagents.get(wire.parentSubagentRunId) : undefined) ??
    (wire.parentToolCallId !== undefined ? state.tools.get(wire.parentToolCallId)?.nodeId : undefined) ??
    (wire.parentMessageId !== undefined ? state.messages.get(wire.parentMessageId) : undefined);
  announce(state, out, { id: nodeId, label: wire.name, kind: 'subagent' }, parent ? [{ source: parent, target: nodeId }] : []);
  out.push({ type: 'node.started', nodeId, label: wire.name, kind: 'subagent' });
  return out;
}

export function subagentFinished(state: AguiDecoderState, wire: AguiEventOf<'SUBAGENT_FINISHED'>): RunEvent[] {
  const nodeId = state.subagents.get(wire.subagentRunId) ?? subagentNodeId(wire.subagentRunId);
  if (wire.outcome?.type === 'suspended') return [{ type: 'node.status', nodeId, status: 'waiting' }];
  return [{ type: 'node.completed', nodeId, ...(wire.result !== undefined ? { output: wire.result } : {}) }];
}

export function subagentError(state: AguiDecoderState, wire: AguiEventOf<'SUBAGENT_ERROR'>): RunEvent[] {
  const nodeId = state.subagents.get(wire.subagentRunId) ?? subagentNodeId(wire.subagentRunId);
  return [{ type: 'node.failed', nodeId, error: { message: wire.message, ...(wire.code !== undefined ? { code: wire.code } : {}) } }];
}
