/**
 * Shannon's research-plan review, a human gate (upstream orchestrator_router.go and the
 * gateway's review handler):
 * - RESEARCH_PLAN_READY (agent "planner", the plan as Markdown in `message`, payload
 *   `{round, intent}`): the workflow now waits for a signal that only
 *   `POST /api/v1/tasks/{id}/review {action: "approve"}` sends. Shown as a review gate.
 * - `{action: "feedback", message}` does not end the wait: the gateway asks for a revised
 *   plan and publishes REVIEW_USER_FEEDBACK (agent "user", the feedback) and
 *   RESEARCH_PLAN_UPDATED (the new plan, `{round, version, intent}`). The round answered
 *   closes as "Request changes"; the new round is a gate of its own (an answer is sent once
 *   per gate, and the new plan is what a person approves next).
 * - RESEARCH_PLAN_APPROVED ("Got it — starting research") closes it approved.
 * - Nobody answered within the review timeout (15 min unless the run set less): an
 *   ERROR_OCCURRED "Review timed out", then WORKFLOW_COMPLETED with an unsuccessful result
 *   and no end of stream. The gate timed out and the run did not succeed (reviewTimedOut).
 */
import type { GateAnswer, OutboundCommand, Unavailable } from '@/protocol/dialect';
import type { ShannonEventOf } from '@/protocol/shannon/shannon-schemas';
import type { FrameFacts, ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import type { GateOption, RunEvent, RunEventOf } from '@/protocol/run-event';

export const APPROVE_PLAN: GateOption = { value: 'approve', label: 'Approve plan', tone: 'approve' };
export const REQUEST_CHANGES: GateOption = { value: 'feedback', label: 'Request changes', tone: 'neutral' };

/** The path part that marks a review gate's id; answerGate sends these to the review endpoint. */
export const REVIEW_GATE_MARK = '/research-plan/round-';

const WAIT_NOTE =
  '_Shannon waits up to 15 minutes for an answer (less when the run set `review_timeout`); then it ends the run without researching._';

type PlanWire = ShannonEventOf<'RESEARCH_PLAN_READY'> | ShannonEventOf<'RESEARCH_PLAN_UPDATED'>;

/** A plan to review (the first, or a revision after feedback): a gate per round. */
export function planReady(wire: PlanWire, facts: FrameFacts, state: ShannonDecoderState): RunEvent[] {
  const round = wire.payload.round ?? facts.seq ?? 0;
  const gateId = `${facts.workflowId}${REVIEW_GATE_MARK}${round}`;
  const superseded = state.review && state.review !== gateId ? closeReview('Request changes', state) : [];
  if (state.review === gateId) return superseded;
  state.review = gateId;
  const asks = wire.payload.intent === 'feedback' ? 'Shannon asks about the research before planning it' : 'Review the research plan';
  const plan = facts.message?.trim() ?? '';
  return [
    ...superseded,
    {
      type: 'gate.opened',
      gateId,
      kind: 'review',
      message: `${asks}${round > 1 ? ` (round ${round})` : ''}\n\n${plan === '' ? '(Shannon sent no plan text.)' : plan}\n\n${WAIT_NOTE}`,
      options: [APPROVE_PLAN, REQUEST_CHANGES],
      acceptsText: true,
      ...(facts.agentName !== undefined ? { requester: facts.agentName } : {}),
    },
  ];
}

/** REVIEW_USER_FEEDBACK: the round open was answered with changes asked for (the text is the feedback). */
export function userFeedback(facts: FrameFacts, state: ShannonDecoderState): RunEvent[] {
  if (!state.review) return [];
  return closeReview('Request changes', state, facts.message === undefined ? undefined : { feedback: facts.message });
}

/** RESEARCH_PLAN_APPROVED: the wait is over, the research starts. */
export function planApproved(wire: ShannonEventOf<'RESEARCH_PLAN_APPROVED'>, state: ShannonDecoderState): RunEvent[] {
  return closeReview('approved', state, undefined, wire.payload.approved_by);
}

/**
 * An error while the plan waits for review is the workflow's timer firing ("Review timed
 * out"): the gate timed out and Shannon ends the run without research.
 */
export function reviewTimedOut(message: string, state: ShannonDecoderState): RunEvent[] {
  if (!state.review || !/timed?\s*out/i.test(message)) return [];
  const gateId = state.review;
  delete state.review;
  state.ending.reviewTimedOut = message;
  return [{ type: 'gate.resolved', gateId, decision: 'rejected', decidedBy: 'timeout', cause: 'timeout' }];
}

/** WORKFLOW_COMPLETED after a review timed out: the task was unsuccessful. */
export function timedOutRunFailed(state: ShannonDecoderState): RunEventOf<'run.failed'> | undefined {
  const said = state.ending.reviewTimedOut;
  if (said === undefined) return undefined;
  return {
    type: 'run.failed',
    error: { message: `${said}: nobody approved the research plan in time, so Shannon ended the run without researching`, code: 'timeout' },
  };
}

function closeReview(decision: string, state: ShannonDecoderState, payload?: unknown, decidedBy?: string): RunEvent[] {
  const gateId = state.review;
  if (gateId === undefined) return [];
  delete state.review;
  return [{ type: 'gate.resolved', gateId, decision, cause: 'decision', ...(decidedBy ? { decidedBy } : {}), ...(payload !== undefined ? { payload } : {}) }];
}

export const FEEDBACK_NEEDS_TEXT = 'Write what should change in the plan first: Shannon revises the plan from your words.';

/**
 * The answer, as the gateway's review handler reads it: `{action: "approve"}` (the plan as
 * it stands), or `{action: "feedback", message}` (a revised plan follows; a message is required).
 */
export function reviewCommands(runId: string, answer: GateAnswer): OutboundCommand[] | Unavailable {
  const path = `/api/v1/tasks/${encodeURIComponent(runId)}/review`;
  if (answer.option?.value === APPROVE_PLAN.value) return [{ via: 'http', method: 'POST', path, body: { action: 'approve' } }];
  const message = answer.text?.trim();
  if (!message) return { unavailable: FEEDBACK_NEEDS_TEXT };
  return [{ via: 'http', method: 'POST', path, body: { action: 'feedback', message } }];
}
