import { describe, expect, it } from 'vitest';

import { gateHeadline, splitGateMessage } from '@/features/gates/gate-message';

describe('splitGateMessage', () => {
  it('takes the first line of a Markdown description as the headline and keeps the rest as Markdown', () => {
    const message = 'Planning iteration 1 complete.\n\n## Generated Plan:\n\n**Step 1** (engineer): Fit';
    expect(splitGateMessage(message)).toEqual({ headline: 'Planning iteration 1 complete.', body: '## Generated Plan:\n\n**Step 1** (engineer): Fit' });
  });

  it('leaves a one-line message whole and strips Markdown marks from a headline', () => {
    expect(splitGateMessage('Approve deploy?')).toEqual({ headline: 'Approve deploy?' });
    expect(gateHeadline('\n## **Review** the `plan`\nmore')).toBe('Review the plan');
    // Underscores inside a word are text, not emphasis.
    expect(gateHeadline('Approve <img src=x onerror="window.__pwned=1">?')).toBe('Approve <img src=x onerror="window.__pwned=1">?');
    expect(gateHeadline('__Deploy__ now')).toBe('Deploy now');
  });

  it('shortens a very long first line and keeps the whole text as the body', () => {
    const long = 'x'.repeat(500);
    const parts = splitGateMessage(long);
    expect(parts.headline).toHaveLength(160);
    expect(parts.body).toBe(long);
  });
});
