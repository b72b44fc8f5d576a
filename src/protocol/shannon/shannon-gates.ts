/**
 * Shannon human gates: APPROVAL_REQUESTED → gate.opened, APPROVAL_DECISION → gate.resolved,
 * BUDGET_THRESHOLD → a warning (or a budget gate when it carries an approval id).
 *
 * The answer is `POST /api/v1/approvals/decision {workflow_id, approval_id, approved}`, so a
 * gate is answerable only with an approval_id. Real APPROVAL_REQUESTED events may come
 * without one (README.md, Shannon under "Pointing Runboard at a real backend"): the gate
 * is still shown as pending, keyed `<workflow>:<seq>`, with answerable:false and the
 * reason, never a button that fails.
 */
import { APPROVE_OPTION, REJECT_OPTION } from '@/protocol/decode-util';
import type { ShannonEventOf } from '@/protocol/shannon/shannon-schemas';
import type { FrameFacts, ShannonDecoderState } from '@/protocol/shannon/shannon-state';
import type { RunEvent } from '@/protocol/run-event';

export const NO_APPROVAL_ID_REASON =
  'Shannon sent no approval_id, so the decision cannot be sent from Runboard; decide it in Shannon itself';

export function approvalRequested(wire: ShannonEventOf<'APPROVAL_REQUESTED'>, facts: FrameFacts, state: ShannonDecoderState): RunEvent[] {
  const p = wire.payload;
  const approvalId = p.approval_id || undefined;
  const gateId = approvalId ?? `${facts.workflowId}:${facts.seq ?? 'unknown'}`;
  state.openGates.push(gateId);
  const context = compact({ details: p.details, tool: p.tool_name ?? p.tool, operation: p.operation, risk_level: p.risk_level });
  const deadlineAtMs =
    p.timeout_seconds !== undefined && facts.atMs !== undefined ? facts.atMs + p.timeout_seconds * 1000 : undefined;
  return [
    {
      type: 'gate.opened',
      gateId,
      kind: 'approval',
      message: facts.message || 'Approval requested',
      options: [APPROVE_OPTION, REJECT_OPTION],
      ...(facts.agentId !== undefined ? { nodeId: facts.agentId, requester: facts.agentId } : {}),
      ...(Object.keys(context).length > 0 ? { context } : {}),
      ...(deadlineAtMs !== undefined ? { deadlineAtMs } : {}),
      ...(approvalId === undefined ? { answerable: false, unanswerableReason: NO_APPROVAL_ID_REASON } : {}),
    },
  ];
}

/**
 * Decision words: approved | denied | timeout (document); a boolean `approved` also occurs.
 * `denied` is reported as 'rejected' to match the gate's Reject option. Without an approval_id
 * the decision closes the oldest gate still open on this connection.
 */
export function approvalDecision(wire: ShannonEventOf<'APPROVAL_DECISION'>, facts: FrameFacts, state: ShannonDecoderState): RunEvent[] {
  const p = wire.payload;
  const gateId = p.approval_id || state.openGates[0];
  if (gateId === undefined) {
    return [{ type: 'log', level: 'info', source: 'approval', message: facts.message ?? 'approval decided' }];
  }
  state.openGates = state.openGates.filter((id) => id !== gateId);
  const word = decisionWord(p.decision, p.approved, facts.message);
  return [
    {
      type: 'gate.resolved',
      gateId,
      decision: word,
      cause: word === 'timeout' ? 'timeout' : 'decision',
      ...(facts.agentId !== undefined ? { nodeId: facts.agentId } : {}),
      ...(p.approved_by !== undefined ? { decidedBy: p.approved_by } : {}),
      ...(p.comments !== undefined ? { payload: { comments: p.comments } } : {}),
    },
  ];
}

function decisionWord(decision: string | undefined, approved: boolean | undefined, message: string | undefined): string {
  const text = (decision ?? '').toLowerCase();
  if (text === 'approved' || text === 'approve') return 'approved';
  if (text === 'denied' || text === 'rejected' || text === 'reject') return 'rejected';
  if (text === 'timeout') return 'timeout';
  if (approved !== undefined) return approved ? 'approved' : 'rejected';
  if (message && /\b(approved|granted)\b/i.test(message)) return 'approved';
  if (message && /\b(denied|rejected)\b/i.test(message)) return 'rejected';
  return text || 'decided';
}

export function budgetThreshold(wire: ShannonEventOf<'BUDGET_THRESHOLD'>, facts: FrameFacts, state: ShannonDecoderState): RunEvent[] {
  const p = wire.payload;
  const percent = p.usage_percent ?? p.threshold_percent;
  const message = facts.message || (percent !== undefined ? `budget ${percent}% used` : 'budget threshold reached');
  if (!p.approval_id) return [{ type: 'log', level: 'warn', source: 'budget', message, ...nodeOf(facts) }];
  state.openGates.push(p.approval_id);
  return [
    {
      type: 'gate.opened',
      gateId: p.approval_id,
      kind: 'budget',
      message,
      options: [APPROVE_OPTION, REJECT_OPTION],
      context: compact({ usage_percent: p.usage_percent, current_cost_usd: p.current_cost_usd, budget_usd: p.budget_usd }),
      ...nodeOf(facts),
    },
  ];
}

function nodeOf(facts: FrameFacts): { nodeId?: string } {
  return facts.agentId !== undefined ? { nodeId: facts.agentId } : {};
}

function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
