/**
 * myagent plan confirmation, both ways: `agent.user_confirm` → a gate.opened, and a
 * person's answer → the `user.response` content.
 *
 * The real server (plan_solver.py) reads `content.confirmed` and optional `content.tasks`
 * (edited tasks); the document's `approved` is sent too, for servers that follow it.
 * Options come from `metadata.options` ({value,label} or plain strings) when sent, else
 * Approve / Reject, plus a neutral "Modify tasks" when the plan's tasks are attached.
 */
import { contentText } from '@/protocol/myagent/myagent-content';
import type { MyagentEventOf } from '@/protocol/myagent/myagent-schemas';
import type { GateAnswer } from '@/protocol/dialect';
import type { GateOption, RunEvent } from '@/protocol/run-event';

const APPROVE_WORDS = new Set(['approve', 'approved', 'confirm', 'confirmed', 'yes', 'accept', 'proceed', 'ok']);
const REJECT_WORDS = new Set(['reject', 'rejected', 'decline', 'declined', 'no', 'cancel', 'deny']);

export function toneOf(value: string): GateOption['tone'] {
  const word = value.toLowerCase();
  if (APPROVE_WORDS.has(word)) return 'approve';
  if (REJECT_WORDS.has(word)) return 'reject';
  return 'neutral';
}

const APPROVE: GateOption = { value: 'approve', label: 'Approve', tone: 'approve' };
const REJECT: GateOption = { value: 'reject', label: 'Reject', tone: 'reject' };
const MODIFY: GateOption = { value: 'modify', label: 'Modify tasks', tone: 'neutral' };

type ConfirmWire = MyagentEventOf<'agent.user_confirm'>;

function optionsOf(wire: ConfirmWire): GateOption[] {
  const sent = wire.metadata?.options;
  if (sent && sent.length > 0) {
    return sent.map((option) => {
      const value = typeof option === 'string' ? option : option.value;
      const label = typeof option === 'string' ? option : (option.label ?? option.value);
      return { value, label, tone: toneOf(value) };
    });
  }
  return wire.metadata?.tasks?.length ? [APPROVE, MODIFY, REJECT] : [APPROVE, REJECT];
}

/**
 * How long the shipped servers wait, set in their code and never sent: a plan confirmation
 * 600 s (slide_agent_ws/server.py and template_agent/server.py pass
 * plan_confirmation_timeout=600), then the plan counts as declined and the run ends; a tool
 * confirmation 300 s (session.py `_wait_for_user_response`), then the tool is denied and the
 * agent goes on, with no event saying so. A deadline read from code is an estimate
 * (`deadlineEstimated`): the frame's naive time is read on this browser's clock.
 */
export const PLAN_CONFIRM_TIMEOUT_S = 600;
export const TOOL_CONFIRM_TIMEOUT_S = 300;

const PLAN_ON_TIMEOUT = 'myagent declines the plan and ends the run';
const TOOL_ON_TIMEOUT = 'myagent denies the tool call without sending any event, and the agent goes on without it';

const ALLOW: GateOption = { value: 'approve', label: 'Allow', tone: 'approve' };
const DENY: GateOption = { value: 'deny', label: 'Deny', tone: 'reject' };

/** A tool confirmation (`confirm_<hex>_<tool>`, `metadata.tool_name`): the tool it asks about, else undefined. */
export function confirmedTool(wire: ConfirmWire): string | undefined {
  if (wire.metadata?.tool_name) return wire.metadata.tool_name;
  return /^confirm_[0-9a-f]+_(.+)$/.exec(wire.step_id)?.[1];
}

function deadline(frameMs: number | undefined, stated: number | undefined, fromCode: number | undefined) {
  const seconds = stated ?? fromCode;
  if (seconds === undefined || frameMs === undefined) return {};
  return { deadlineAtMs: frameMs + seconds * 1000, ...(stated === undefined ? { deadlineEstimated: true } : {}) };
}

/** `frameMs`: the frame's own time; `nodeId`: the node that asked (a tool confirmation's agent or task). */
export function gateOpened(wire: ConfirmWire, frameMs: number | undefined, nodeId?: string): RunEvent {
  const meta = wire.metadata;
  const tool = confirmedTool(wire);
  if (tool !== undefined) {
    return {
      type: 'gate.opened',
      gateId: wire.step_id,
      ...(nodeId !== undefined ? { nodeId } : {}),
      kind: 'approval',
      message: contentText(wire.content, wire.show_content) ?? `Confirm tool execution: ${tool}`,
      options: [ALLOW, DENY],
      // The server reads only `confirmed`: there is nothing to type.
      acceptsText: false,
      context: { tool, arguments: meta?.tool_args ?? {}, ...(meta?.tool_description ? { description: meta.tool_description } : {}) },
      ...deadline(frameMs, meta?.timeout_seconds, TOOL_CONFIRM_TIMEOUT_S),
      onTimeout: TOOL_ON_TIMEOUT,
    };
  }
  const context: Record<string, unknown> = {};
  if (meta?.plan_summary !== undefined) context.plan_summary = meta.plan_summary;
  if (meta?.tasks !== undefined) context.tasks = meta.tasks;
  const plan = meta?.scope === 'plan';
  return {
    type: 'gate.opened',
    gateId: wire.step_id,
    nodeId: meta?.scope === 'task' ? meta.task_id : undefined,
    kind: meta?.scope === 'modification' ? 'review' : 'approval',
    message: contentText(wire.content, wire.show_content) ?? 'Confirm the plan before solving',
    options: optionsOf(wire),
    // Feedback (and edited tasks as JSON) travel with any answer.
    acceptsText: true,
    context,
    ...deadline(frameMs, meta?.timeout_seconds, plan ? PLAN_CONFIRM_TIMEOUT_S : undefined),
    ...(plan ? { onTimeout: PLAN_ON_TIMEOUT } : {}),
  };
}

/** The chosen option's tone (read from its value when the option came without one). */
function toneOfAnswer(answer: GateAnswer): GateOption['tone'] {
  return answer.option ? (answer.option.tone ?? toneOf(answer.option.value)) : undefined;
}

/** Edited tasks: structured edits, or JSON text holding an array (the "Modify tasks" form). */
function editedTasks(answer: GateAnswer): unknown[] | undefined {
  if (Array.isArray(answer.edits)) return answer.edits as unknown[];
  if (!answer.text || toneOfAnswer(answer) !== 'neutral') return undefined;
  try {
    const parsed: unknown = JSON.parse(answer.text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** `user.response` content: approve-like and modify answers confirm; reject-like decline. */
export function responseContent(answer: GateAnswer): Record<string, unknown> {
  const confirmed = toneOfAnswer(answer) !== 'reject';
  const content: Record<string, unknown> = { confirmed, approved: confirmed };
  const tasks = editedTasks(answer);
  if (tasks) content.tasks = tasks;
  else if (answer.text) content.feedback = answer.text;
  return content;
}
