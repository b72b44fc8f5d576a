/**
 * Answers a human gate exactly once from this browser.
 *
 * Order of checks (each guards a way an answer could go wrong):
 * 1. the gate is still open in the stream (decided elsewhere or timed out: send nothing);
 * 2. the protocol gave an id to answer with (else: explained, never a failing button);
 * 3. the answer store grants the claim (a second click, or the inbox and the dialog at
 *    once, cannot send twice; only a failed send may be retried);
 * then the session (bound to its dialect and memo) sends the protocol's exact command once.
 * `answer.decidedBy` is the name the protocol is sent; the audit names the person by the one
 * rule (reviewer-store.ts: their name, else "You" — the trail adds "from this browser").
 */
import { gateHeadline } from '@/features/gates/gate-message';
import type { GateAnswer } from '@/protocol/dialect';
import type { RunSession } from '@/stores/run-session';
import { reviewerStore } from '@/stores/reviewer-store';
import type { GateState } from '@/stores/run-types';

export type AnswerOutcome =
  | { kind: 'sent' }
  | { kind: 'failed'; reason: string }
  | { kind: 'not-sent'; reason: string };

export async function answerGate(session: RunSession, gate: GateState, answer: GateAnswer): Promise<AnswerOutcome> {
  const current = session.run.getState().gates[gate.gateId];
  if (!current || current.status !== 'open') {
    return { kind: 'not-sent', reason: 'This gate was already decided or timed out; nothing was sent.' };
  }
  if (!current.answerable) {
    return { kind: 'not-sent', reason: current.unanswerableReason ?? 'This protocol gives no way to answer this gate.' };
  }
  const choice = answer.option?.label ?? 'text answer';
  if (!session.answers.getState().actions.claim(gate.gateId, choice)) {
    return { kind: 'not-sent', reason: 'An answer to this gate is already being sent or was sent.' };
  }
  const said = answer.text ? ` with “${answer.text.slice(0, 120)}”` : answer.edits !== undefined ? ` with ${shortJson(answer.edits)}` : '';
  const result = await session.answerGate(
    { gateId: gate.gateId, kind: gate.kind, runId: gate.runId, ...(gate.nodeId !== undefined ? { nodeId: gate.nodeId } : {}) },
    answer,
    { message: `${reviewerStore.getState().name ?? 'You'} answered “${choice}”${said} to “${gateHeadline(gate.message)}”`, ...(gate.nodeId !== undefined ? { nodeId: gate.nodeId } : {}) },
  );
  session.answers.getState().actions.settle(gate.gateId, result.ok ? { ok: true } : { ok: false, reason: result.reason });
  return result.ok ? { kind: 'sent' } : { kind: 'failed', reason: result.reason };
}

function shortJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = '[unserialisable]';
  }
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
