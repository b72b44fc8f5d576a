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

/** The real server waits this long for a plan confirmation, then counts it as declined (session.py). */
const PLAN_CONFIRM_TIMEOUT_S = 300;

/** `frameMs`: the frame's own time; the deadline is `timeout_seconds` after it (300 s on the real server, which sends none). */
export function gateOpened(wire: ConfirmWire, frameMs: number | undefined): RunEvent {
  const meta = wire.metadata;
  const timeout = meta?.timeout_seconds ?? (meta?.scope === 'plan' ? PLAN_CONFIRM_TIMEOUT_S : undefined);
  const context: Record<string, unknown> = {};
  if (meta?.plan_summary !== undefined) context.plan_summary = meta.plan_summary;
  if (meta?.tasks !== undefined) context.tasks = meta.tasks;
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
    ...(timeout !== undefined && frameMs !== undefined ? { deadlineAtMs: frameMs + timeout * 1000 } : {}),
    ...(meta?.scope === 'plan' ? { onTimeout: 'myagent declines the plan and ends the run' } : {}),
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
