/**
 * `POST /api/v1/tasks/{id}/review`, the gateway's research-plan review handler as upstream
 * writes it (cmd/gateway/internal/handlers/review.go):
 * - body `{action: "approve" | "feedback", message?}`; another action is a 400;
 * - no review waiting for this workflow: 404 "Review session not found or expired";
 * - approve: signals the workflow (the gate is decided) → 200 `{message: "Research started",
 *   status: "approved"}`, the same again once approved; after the wait timed out the signal
 *   fails: 502 "Failed to approve review";
 * - feedback: a message is required (400), at most 10 rounds (409), none once approved (409);
 *   the revised plan is published (REVIEW_USER_FEEDBACK, RESEARCH_PLAN_UPDATED) while the
 *   workflow keeps waiting → 200 `{plan: {intent, message, round, version}, status: "reviewing"}`.
 * The simulator's "model" revises the plan by adding the reviewer's words as a step.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { ShannonWire } from '@/simulator/backends/shannon-wire';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { readJson, sendJson } from '@/simulator/http-util';
import type { SimContext } from '@/simulator/sim-backend';

/** The scenario id of a Shannon research-plan gate. */
export const REVIEW_GATE = 'research-plan';
const MAX_ROUNDS = 10;

type Review = { round: number; plan: string; approved: boolean };
const reviews = new WeakMap<ScriptedRun<ShannonWire>, Review>();

export async function review(req: IncomingMessage, res: ServerResponse, run: ScriptedRun<ShannonWire>, ctx: SimContext): Promise<void> {
  const body = (await readJson(req)) as { action?: unknown; message?: unknown } | undefined;
  ctx.record({ dialect: 'shannon', runId: run.runId, kind: 'review', body });
  const action = body?.action;
  if (action !== 'feedback' && action !== 'approve') return sendJson(res, 400, { error: "action must be 'feedback' or 'approve'" });
  const state = stateOf(run);
  if (!state) return sendJson(res, 404, { error: 'Review session not found or expired' });
  if (action === 'approve') return approve(res, run, state);
  const message = typeof body?.message === 'string' ? body.message : '';
  return feedback(res, run, state, message);
}

/** The review the workflow waits on (or waited on), as the gateway keeps it. */
function stateOf(run: ScriptedRun<ShannonWire>): Review | undefined {
  const known = reviews.get(run);
  if (known) return known;
  const gate = run.pendingGate(REVIEW_GATE);
  if (!gate) return undefined;
  const fresh = { round: 1, plan: gate.message, approved: false };
  reviews.set(run, fresh);
  return fresh;
}

function approve(res: ServerResponse, run: ScriptedRun<ShannonWire>, state: Review): void {
  if (!state.approved && run.decide(REVIEW_GATE, 'approve', 'api-user', 'approved') !== 'accepted') return sendJson(res, 502, { error: 'Failed to approve review' });
  state.approved = true;
  sendJson(res, 200, { message: 'Research started', status: 'approved' });
}

function feedback(res: ServerResponse, run: ScriptedRun<ShannonWire>, state: Review, message: string): void {
  if (state.approved) return sendJson(res, 409, { error: 'Review already approved' });
  if (message === '') return sendJson(res, 400, { error: 'message is required for feedback' });
  if (message.length > 10 * 1024) return sendJson(res, 400, { error: 'message exceeds maximum length (10KB)' });
  if (state.round + 1 > MAX_ROUNDS) return sendJson(res, 409, { error: 'Maximum review rounds reached. Please approve the plan.' });
  const gate = run.pendingGate(REVIEW_GATE);
  if (!gate) return sendJson(res, 404, { error: 'Review session not found or expired' });
  state.round += 1;
  state.plan = revise(state.plan, message, state.round);
  run.publish({ op: 'gate.revised', id: REVIEW_GATE, node: gate.node, feedback: message, message: state.plan, round: state.round });
  sendJson(res, 200, { plan: { intent: 'ready', message: state.plan, round: state.round, version: state.round }, status: 'reviewing' });
}

/** The plan with the reviewer's request as one more step (what the real model would fold in). */
function revise(plan: string, feedback: string, round: number): string {
  const steps = plan.split('\n').filter((line) => /^\d+\.\s/.test(line)).length;
  const heading = plan.replace(/^## Research plan(?: \(revised[^)]*\))?/m, `## Research plan (revised, round ${round})`);
  return `${heading}\n${steps + 1}. **Your request** — ${feedback.replace(/\s+/g, ' ').trim()}`;
}
