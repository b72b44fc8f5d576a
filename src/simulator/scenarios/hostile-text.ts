/**
 * Hostile text in every string a run carries (titles, labels, tokens, tool names and
 * arguments, outputs, errors, logs, the gate's message, options and context). Each payload
 * sets `window.__pwned` if it ever runs; tests/e2e/xss.spec.ts proves none does, in every
 * dialect's own wire form.
 */
import type { Scenario } from '@/simulator/engine/scenario';

export const XSS_PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '"><svg onload="window.__pwned=3">',
  'javascript:window.__pwned=4',
  '<a href="javascript:window.__pwned=5">link</a>',
  '<iframe srcdoc="<script>parent.__pwned=6</script>"></iframe>',
] as const;
const [IMG, SCRIPT, SVG, JS_URL, ANCHOR, IFRAME] = XSS_PAYLOADS;
const MODEL = 'gpt-4o-mini';

export const hostileText: Scenario = {
  id: 'xss',
  title: 'Hostile text',
  description: 'Every label, message and output is an XSS payload; nothing may run.',
  tickMs: 120,
  steps: [
    { op: 'run.start', title: `Run ${IMG}` },
    { op: 'chapter.start', key: 'planning', title: `Chapter ${SVG}` },
    {
      op: 'plan',
      nodes: [
        { id: 'hx', label: `Step ${SCRIPT}`, kind: 'agent' },
        { id: 'gx', label: `Gate ${IFRAME}`, kind: 'human_gate' },
      ],
      edges: [{ source: 'hx', target: 'gx' }],
    },
    { op: 'node.start', node: 'hx' },
    { op: 'tool', node: 'hx', tool: 'web_search', args: { query: IMG, url: JS_URL }, result: { html: SCRIPT, link: ANCHOR } },
    { op: 'tokens', node: 'hx', text: `Answer ${IMG} ${SVG} ${JS_URL}`, model: MODEL },
    { op: 'log', level: 'warn', message: `Log ${ANCHOR}`, node: 'hx' },
    { op: 'cost', node: 'hx', model: MODEL, inputTokens: 10, outputTokens: 10, usd: 0.001 },
    { op: 'node.done', node: 'hx', output: { summary: IFRAME, link: JS_URL } },
    { op: 'chapter.end', key: 'planning', status: 'completed' },
    { op: 'node.start', node: 'gx' },
    {
      op: 'gate',
      id: 'gate-xss',
      node: 'gx',
      kind: 'approval',
      message: `Approve ${IMG}?`,
      options: [
        { value: 'approve', label: `Yes ${SVG}`, tone: 'approve' },
        { value: 'reject', label: `No ${SCRIPT}`, tone: 'reject' },
      ],
      context: { proposed_action: ANCHOR, link: JS_URL },
      timeoutMs: 120_000,
      approved: [
        { op: 'node.done', node: 'gx', output: { decision: IMG } },
        { op: 'log', level: 'error', message: `Error ${SVG}`, node: 'gx' },
        { op: 'run.done', output: { report: IFRAME } },
      ],
      rejected: [{ op: 'run.fail', error: `Failed ${IMG}`, node: 'gx' }],
    },
  ],
};
