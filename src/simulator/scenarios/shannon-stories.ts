/**
 * Stories only a Shannon server tells (the start page offers them under Shannon only):
 * how a real run fails, and what a run opened late still holds.
 */
import type { Scenario, SimStep } from '@/simulator/engine/scenario';
import { work } from '@/simulator/scenarios/steps';

/** A failure as Shannon sends it: ERROR_OCCURRED ("Hit an issue: …") and then done, never WORKFLOW_FAILED. */
export const shannonFailure: Scenario = {
  id: 'shannon-failure',
  title: 'A Shannon failure',
  description: 'An analysis step hits an error: Shannon says "Hit an issue: …" and ends the stream, without ever sending WORKFLOW_FAILED.',
  tickMs: 220,
  dialects: ['shannon'],
  steps: [
    { op: 'run.start', title: 'Summarise the quarterly filings' },
    {
      op: 'plan',
      nodes: [
        { id: 'fetch', label: 'Fetch filings', kind: 'tool' },
        { id: 'analyse', label: 'Analyse filings', kind: 'agent' },
        { id: 'summarise', label: 'Write summary', kind: 'agent' },
      ],
      edges: [
        { source: 'fetch', target: 'analyse' },
        { source: 'analyse', target: 'summarise' },
      ],
    },
    ...work('fetch', 'Fetched the three quarterly filings for Q1 to Q3.', 0.0012, 'filing_search'),
    { op: 'node.start', node: 'analyse' },
    { op: 'tokens', node: 'analyse', text: 'Comparing the revenue lines across the three quarters and' },
    { op: 'run.fail', node: 'analyse', error: 'the model provider rejected the request: monthly token quota exceeded' },
  ],
};

const AUDIT_WORDS = ['page', 'links', 'to', 'the', 'install', 'guide,', 'which', 'is', 'current;', 'the', 'API', 'reference', 'lists', 'every', 'endpoint', 'and'];

/** A long answer, one word per stream delta: enough of them roll Shannon's ring over. */
function longAnswer(words: number, topic: string): string {
  return Array.from({ length: words }, (_, i) => (i % 16 === 0 ? `${topic} ${(i / 16) + 1}:` : AUDIT_WORDS[i % AUDIT_WORDS.length])).join(' ');
}

/** The crawler reports each page it read: events the history keeps (deltas it does not). */
function crawlProgress(pages: number): SimStep[] {
  return Array.from({ length: pages }, (_, i): SimStep => ({ op: 'node.progress', node: 'crawl', progress: (i + 1) / pages, message: `read page ${i + 1} of ${pages}` }));
}

/** What happened before anyone opened the run: ~560 stream events, ~240 of them kept in the history (two pages). */
const BEFORE_OPENING: SimStep[] = [
  { op: 'run.start', title: 'Audit the documentation site' },
  {
    op: 'plan',
    nodes: [
      { id: 'crawl', label: 'Crawl the site', kind: 'tool' },
      { id: 'links', label: 'Check the links', kind: 'agent' },
      { id: 'summarise', label: 'Summarise findings', kind: 'agent' },
      { id: 'report', label: 'Write the report', kind: 'agent' },
    ],
    edges: [
      { source: 'crawl', target: 'links' },
      { source: 'crawl', target: 'summarise' },
      { source: 'links', target: 'report' },
      { source: 'summarise', target: 'report' },
    ],
  },
  { op: 'node.start', node: 'crawl' },
  ...crawlProgress(220),
  ...work('crawl', longAnswer(160, 'Section'), 0.0041, 'crawler').slice(1),
  // Someone paused the audit for a while: control events the history keeps under their own names.
  { op: 'run.pause', reason: 'checking the crawl' },
  { op: 'run.resume' },
  ...work('links', longAnswer(140, 'Link group'), 0.0022, 'http_head'),
];

/** A long run opened late: its early events have left the ring (the newest ~256 kept, deltas never stored). */
export const shannonLate: Scenario = {
  id: 'shannon-late',
  title: 'A Shannon run opened late',
  description:
    'A long audit you open after ~560 events: Shannon’s stream keeps only the newest 256 and never stores token deltas, so the history fills what it can and the rest is said once as no longer available.',
  tickMs: 220,
  dialects: ['shannon'],
  alreadyPlayed: BEFORE_OPENING.length,
  steps: [
    ...BEFORE_OPENING,
    ...work('summarise', 'The documentation is mostly current: two guides are outdated and eleven links are broken.', 0.0033),
    ...work('report', 'Report: fix eleven broken links, refresh the install and upgrade guides, keep the API reference.', 0.0051),
    { op: 'run.done', output: { report: 'audit.md', broken_links: 11 } },
  ],
};
