/**
 * Stories only a myagent server tells (the start page offers them under myagent only): a
 * plain tool agent (no plan) whose second tool needs the reviewer's confirmation. As the
 * shipped server does (session.py `_handle_tool_confirmation`, `_wait_for_user_response`):
 * the confirmation's id is `confirm_<8 hex>_<tool>`, the server waits 300 s, and nobody's
 * answer denies the tool without any event; the tool's result then says
 * "Tool execution cancelled by user" and the agent goes on.
 */
import type { Scenario } from '@/simulator/engine/scenario';
import { MODEL } from '@/simulator/scenarios/steps';

const EMAIL = { to: 'cfo@example.com', subject: 'Q3 revenue summary' };

export const toolConfirm: Scenario = {
  id: 'tools',
  title: 'A tool that needs confirmation',
  description: 'A plain tool agent searches, then asks before it sends an e-mail; unanswered, myagent denies the e-mail after 5 minutes without saying so.',
  tickMs: 220,
  dialects: ['myagent'],
  steps: [
    { op: 'run.start', title: 'Find the Q3 revenue and mail it to the CFO' },
    { op: 'node.start', node: 'agent' },
    { op: 'tool', node: 'agent', tool: 'web_search', args: { query: 'Q3 revenue report' }, result: { hits: 3, top: 'Q3 revenue: 4.2 M' } },
    { op: 'cost', node: 'agent', model: MODEL, inputTokens: 820, outputTokens: 140, usd: 0.0006 },
    {
      op: 'gate',
      id: 'confirm_5e1f0c2a_send_email',
      node: 'agent',
      kind: 'approval',
      message: 'Confirm tool execution: send_email',
      options: [
        { value: 'approve', label: 'Allow', tone: 'approve' },
        { value: 'deny', label: 'Deny', tone: 'reject' },
      ],
      context: { tool: 'send_email', description: 'Send an e-mail on the user’s behalf', arguments: EMAIL },
      timeoutMs: 300_000,
      approved: [
        { op: 'tool', node: 'agent', tool: 'send_email', args: EMAIL, result: { sent: true, id: 'msg-17' } },
        { op: 'tokens', node: 'agent', text: 'Q3 revenue was 4.2 M; I mailed the summary to the CFO.', model: MODEL },
        { op: 'run.done', output: 'Q3 revenue was 4.2 M; I mailed the summary to the CFO.' },
      ],
      rejected: [
        { op: 'tool', node: 'agent', tool: 'send_email', args: EMAIL, result: 'Tool execution cancelled by user', ok: false },
        { op: 'tokens', node: 'agent', text: 'Q3 revenue was 4.2 M. The e-mail was not sent.', model: MODEL },
        { op: 'run.done', output: 'Q3 revenue was 4.2 M. The e-mail was not sent.' },
      ],
    },
  ],
};
