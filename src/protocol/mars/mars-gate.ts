/**
 * MARS approvals → gate events. Owns the option vocabulary: the real server sends bare
 * strings (`["approve","reject","revise","modify"]`, `["submit","cancel"]`, …), the document
 * `{id,label,action}` objects; both become GateOptions whose `value` is the wire word, which
 * mars-answer.ts turns into `resolve_approval.resolution`. The real request says its text in
 * `description` and `message`, and carries the proposed plan in `context.plan`.
 */
import type { MarsEventOf, MarsOption } from '@/protocol/mars/mars-schemas';
import type { MarsState } from '@/protocol/mars/mars-state';
import type { GateOption, RunEvent } from '@/protocol/run-event';

const APPROVE_WORDS = new Set(['approve', 'approved', 'submit', 'accept', 'yes', 'continue', 'proceed']);
const REJECT_WORDS = new Set(['reject', 'rejected', 'cancel', 'deny', 'no', 'abort', 'stop']);
/** Words whose answer carries the person's edits (modifications / feedback text). */
const EDIT_WORDS = new Set(['modify', 'modified', 'edit', 'revise', 'change']);

/** When the server lists no options, offer what the real server offers for approvals. */
const DEFAULT_OPTIONS: readonly MarsOption[] = ['approve', 'reject', 'modify'];

function toneOf(word: string): GateOption['tone'] {
  const key = word.toLowerCase();
  if (APPROVE_WORDS.has(key)) return 'approve';
  if (REJECT_WORDS.has(key)) return 'reject';
  return 'neutral';
}

function labelOf(word: string): string {
  const spaced = word.replace(/[_-]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function toGateOption(option: MarsOption): GateOption {
  if (typeof option === 'string') return { value: option, label: labelOf(option), tone: toneOf(option) };
  // `action` says what the button does; `id` is what the server knows it by.
  return { value: option.id, label: option.label ?? labelOf(option.id), tone: toneOf(option.action ?? option.id) };
}

function isEditOption(option: MarsOption): boolean {
  const word = typeof option === 'string' ? option : (option.action ?? option.id);
  return EDIT_WORDS.has(word.toLowerCase());
}

export function gateOpened(data: MarsEventOf<'approval_requested'>['data'], nodeId: string | undefined): RunEvent {
  const options = data.options && data.options.length > 0 ? data.options : DEFAULT_OPTIONS;
  const requester = data.context?.current_step?.agent;
  return {
    type: 'gate.opened',
    gateId: data.approval_id,
    kind: 'approval',
    message: data.description ?? data.message ?? data.action ?? 'Approval requested',
    options: options.map(toGateOption),
    ...(options.some(isEditOption) ? { acceptsText: true } : {}),
    ...(nodeId !== undefined ? { nodeId } : {}),
    ...(requester !== undefined ? { requester } : {}),
    ...(data.context !== undefined ? { context: data.context } : {}),
  };
}

export function gateResolved(data: MarsEventOf<'approval_received'>['data'], nodeId: string | undefined): RunEvent {
  const decision = data.resolution ?? (data.approved === undefined ? 'decided' : data.approved ? 'approved' : 'rejected');
  return {
    type: 'gate.resolved',
    gateId: data.approval_id,
    decision,
    cause: 'decision',
    ...(nodeId !== undefined ? { nodeId } : {}),
    ...(data.feedback ? { payload: { feedback: data.feedback } } : {}),
  };
}

/** A HITL control phase names its step `<phase id>_step_<n>[_review|_error]` (hitl_control.py). */
const CONTROL_STEP = /_step_(\d+)(?:_review|_error)?$/;

/**
 * The node an approval belongs to, or none (then it is the run's): the step it names when
 * that is a DAG node — by its id, by a step id a step event registered, or a control phase's
 * `…_step_<n>` meaning `step_<n>`. A planning review (`hitl_planning_iter_1`) names no node:
 * no node is made up for it.
 */
export function gateNode(s: MarsState, data: Readonly<{ step_id?: string | undefined; step_number?: number | undefined }>): string | undefined {
  const n = data.step_number;
  if (n !== undefined) {
    const byNumber = s.byStepNumber.get(n) ?? `step_${n}`;
    if (s.view.has(byNumber)) return byNumber;
  }
  const id = data.step_id;
  if (id === undefined || id === '') return undefined;
  const known = s.byStepId.get(id) ?? id;
  if (s.view.has(known)) return known;
  const step = CONTROL_STEP.exec(id)?.[1];
  return step !== undefined && s.view.has(`step_${step}`) ? `step_${step}` : undefined;
}
