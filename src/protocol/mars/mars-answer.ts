/**
 * A person's answer to a MARS approval → `resolve_approval` exactly as the server reads it
 * (UJ2202/MARS backend/websocket/handlers.py):
 * - `resolution`: "approved" | "rejected" | "modified" for approve / reject / modify (either
 *   tense), and any other option as its own word ("revise", "skip", "submit", "retry", …),
 *   which the phases compare raw;
 * - `feedback`: the person's words;
 * - `modifications`: for "modified", a JSON object the phases read as `modifications.plan`.
 *   The server parses text with json.loads and keeps `{"raw": text}` when that fails — and
 *   the plan silently stays as it was. So Runboard sends the edited plan as an object, and
 *   refuses to send words as a modification, saying why.
 */
import type { GateAnswer, OutboundCommand, Unavailable } from '@/protocol/dialect';

const TENSES: Readonly<Record<string, string>> = {
  approve: 'approved',
  approved: 'approved',
  reject: 'rejected',
  rejected: 'rejected',
  modify: 'modified',
  modified: 'modified',
};

export const MODIFY_NEEDS_PLAN =
  'MARS reads a modification as the edited plan in JSON — a list of steps, or {"plan": [...]} — and this answer is not JSON, so nothing was sent. Copy the proposed plan from the context, edit it, paste it here and choose Modify again; or choose another option and keep your words as the comment.';

/** An option's wire word → `resolution`. Without an option: edits modify, anything else approves. */
export function toResolution(word: string | undefined, hasEdits: boolean): string {
  if (word === undefined) return hasEdits ? 'modified' : 'approved';
  return TENSES[word.toLowerCase()] ?? word;
}

export function buildApprovalAnswer(approvalId: string, answer: GateAnswer): OutboundCommand[] | Unavailable {
  const resolution = toResolution(answer.option?.value, answer.edits !== undefined);
  const text = answer.text?.trim() ?? '';
  let modifications: Record<string, unknown> | null = null;
  let feedback = text;
  if (resolution === 'modified') {
    const plan = answer.edits !== undefined ? asPlan(answer.edits) : parsePlan(text);
    if (plan === undefined) return { unavailable: MODIFY_NEEDS_PLAN };
    modifications = plan;
    if (answer.edits === undefined) feedback = '';
  }
  return [{ via: 'socket', message: { type: 'resolve_approval', approval_id: approvalId, resolution, feedback, modifications } }];
}

function parsePlan(text: string): Record<string, unknown> | undefined {
  if (text === '') return undefined;
  try {
    return asPlan(JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** A list of steps, or an object holding `plan`: what the phases read. */
function asPlan(value: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(value)) return { plan: value };
  if (typeof value === 'object' && value !== null && 'plan' in value) return value as Record<string, unknown>;
  return undefined;
}
