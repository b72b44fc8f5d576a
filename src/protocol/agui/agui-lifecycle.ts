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
import { messagesOf } from '@/protocol/agui/agui-conversation';
import type { AguiDecoderState } from '@/protocol/agui/agui-decoder-state';
import {
  ASSISTANT_NODE,
  announce,
  closeStep,
  laneOf,
  openStep,
  resolveNode,
  stepNodeId,
  subagentNodeId,
} from '@/protocol/agui/agui-decoder-state';
import { interruptFacts, interruptTitle, type InterruptFacts } from '@/protocol/agui/agui-interrupt';
import type { AguiEventOf, AguiInterrupt } from '@/protocol/agui/agui-schemas';
import { closeToolNodes, interruptNode as interruptNodeOfRun, settleInterruptNodes, toolCallNode } from '@/protocol/agui/agui-tool-nodes';
import { noteUsage, usageFields } from '@/protocol/agui/agui-usage';
import { parseTimeMs } from '@/lib/parse-time';
import type { ErrorInfo, GateOption, RunEvent } from '@/protocol/run-event';

// Named by what they do: AG-UI's "cancelled" is a decision that skips the interrupted step, not a way to close.
export const RESOLVE_OPTION: GateOption = { value: 'resolved', label: 'Resolve and continue', tone: 'approve' };
export const CANCEL_OPTION: GateOption = { value: 'cancelled', label: 'Skip this step', tone: 'reject' };

export function runStarted(state: AguiDecoderState, wire: AguiEventOf<'RUN_STARTED'>): RunEvent[] {
  const out: RunEvent[] = [];
  const echoed = new Map((wire.input?.resume ?? []).map((entry) => [entry.interruptId, entry]));
  if (state.phase === 'interrupted') {
    // A new run on an interrupted thread must answer every interrupt (the reference
    // client refuses otherwise). Producers rarely echo `input`: what this session sent says
    // how it was answered; a gate neither names was still answered, by someone else.
    for (const gateId of state.pendingGates) out.push(resolvedGate(gateId, echoed.get(gateId) ?? state.sentResume.get(gateId)));
    state.pendingGates = [];
    out.push({ type: 'run.resumed' }, ...settleInterruptNodes(state));
  } else if (echoed.size > 0) {
    // A resumed run on a fresh connection (the session decodes each POST with a new
    // decoder): the echoed `resume` still says which gates this run answers.
    for (const [gateId, entry] of echoed) out.push(resolvedGate(gateId, entry));
    out.push({ type: 'run.resumed' });
  } else if (state.phase === 'running') {
    out.push({ type: 'log', level: 'warn', source: 'agui', message: `RUN_STARTED ${wire.runId} while the previous run segment is still open` });
  } else {
    // Our own first message when this session started the run: adapters echo no `input`.
    const title = titleOf(messagesOf(state.conversation)) ?? titleOf(wire.input?.messages);
    out.push(title === undefined ? { type: 'run.started' } : { type: 'run.started', title });
  }
  state.phase = 'running';
  out.push({ type: 'log', level: 'debug', source: 'agui', message: `run segment ${wire.runId} started on thread ${wire.threadId}` });
  return out;
}

/** The decision as the answer gave it: 'resolved' (with its payload) or 'cancelled'. */
function resolvedGate(gateId: string, entry: { status: string; payload?: unknown } | undefined): RunEvent {
  return {
    type: 'gate.resolved',
    gateId,
    decision: entry?.status ?? 'answered',
    cause: 'decision',
    ...(entry?.payload !== undefined ? { payload: entry.payload } : {}),
  };
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
  const outcome = wire.outcome;
  if (outcome?.type === 'interrupt' && 'interrupts' in outcome && Array.isArray(outcome.interrupts)) {
    return interrupted(state, outcome.interrupts as AguiInterrupt[]);
  }
  const out = closeAssistant(state);
  state.interruptNotes = [];
  state.phase = 'ended';
  out.push(...closeToolNodes(state, outcome?.type === 'cancelled' ? 'stopped' : 'succeeded'));
  if (outcome?.type === 'cancelled') return [...out, { type: 'run.cancelled' }];
  if (outcome !== undefined && outcome.type !== 'success') {
    out.push({ type: 'log', level: 'warn', source: 'agui', message: `unknown run outcome "${outcome.type}" read as success` });
  }
  out.push({ type: 'run.completed', output: wire.result, ...usageFields(state.usage) });
  return out;
}

/** The segment paused at interrupts: one gate each. The assistant stays open when a gate waits on it (the resume continues it). */
function interrupted(state: AguiDecoderState, interrupts: readonly AguiInterrupt[]): RunEvent[] {
  const out: RunEvent[] = [];
  for (const interrupt of interrupts) out.push(...gateOpened(state, interrupt));
  const waitsOnAssistant = out.some((event) => event.type === 'gate.opened' && event.nodeId === ASSISTANT_NODE);
  if (!waitsOnAssistant) out.unshift(...closeAssistant(state));
  state.interruptNotes = [];
  state.pendingGates = interrupts.map((interrupt) => interrupt.id);
  state.phase = 'interrupted';
  out.push({ type: 'run.paused', reason: `waiting on ${interrupts.length} interrupt(s)` });
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

function gateOpened(state: AguiDecoderState, interrupt: AguiInterrupt): RunEvent[] {
  const out: RunEvent[] = [];
  const deadline = parseTimeMs(interrupt.expiresAt);
  const facts = interruptFacts(interrupt, state.interruptNotes);
  const nodeId = interruptNode(state, out, interrupt, facts);
  out.push({
    type: 'gate.opened',
    gateId: interrupt.id,
    kind: 'interrupt',
    message: interruptTitle(facts, interrupt.reason),
    options: [RESOLVE_OPTION, CANCEL_OPTION],
    acceptsText: true,
    context: gateContext(interrupt, facts),
    ...(nodeId !== undefined ? { nodeId } : {}),
    ...(interrupt.subagentRunId !== undefined ? { requester: state.subagents.get(interrupt.subagentRunId) ?? subagentNodeId(interrupt.subagentRunId) } : {}),
    ...(interrupt.responseSchema !== undefined ? { schema: interrupt.responseSchema } : {}),
    ...(deadline !== undefined ? { deadlineAtMs: deadline } : {}),
  });
  return out;
}

/** What the reviewer decides about: the tool and its arguments, the reason word, and any context the producer gave. */
function gateContext(interrupt: AguiInterrupt, facts: InterruptFacts): unknown {
  const given = interrupt.metadata?.context;
  if (facts.tool === undefined && facts.args === undefined && given !== undefined) return given;
  return {
    ...(facts.tool !== undefined ? { tool: facts.tool } : {}),
    ...(facts.args !== undefined ? { arguments: facts.args } : {}),
    reason: interrupt.reason,
    ...(given !== undefined ? { context: given } : {}),
  };
}

/**
 * The node an interrupt waits on: its step, else its tool call's node. A suspended tool
 * call the segment never started (frameworks often send no TOOL_CALL_START for it) is
 * recorded here, so its result in the resumed segment belongs to it.
 */
function interruptNode(state: AguiDecoderState, out: RunEvent[], interrupt: AguiInterrupt, facts: InterruptFacts): string | undefined {
  const stepName = interrupt.metadata?.stepName;
  const step = typeof stepName === 'string' ? stepNodeId(stepName, interrupt.subagentRunId) : undefined;
  const callId = interrupt.toolCallId;
  if (callId === undefined) {
    return step ?? (interrupt.subagentRunId !== undefined ? state.subagents.get(interrupt.subagentRunId) : undefined) ?? interruptNodeOfRun(state, out, interrupt);
  }
  const known = state.tools.get(callId);
  if (known) return step ?? known.nodeId;
  const tool = facts.tool ?? 'tool';
  // In a run with no steps the suspended call is a tool node of its own, like any call the assistant makes.
  const nodeId = step ?? toolCallNode(state, out, resolveNode(state, out, interrupt.subagentRunId, interrupt.metadata), callId, tool);
  state.tools.set(callId, { tool, args: '', nodeId });
  out.push({ type: 'tool.called', nodeId, callId, tool, ...(facts.args !== undefined ? { args: facts.args } : {}) });
  return nodeId;
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
