import { describe, expect, it } from 'vitest';

import { looksLikeMarkdown } from '@/lib/looks-like-markdown';

describe('looksLikeMarkdown', () => {
  it('sees headings, lists, fences, bold and links', () => {
    for (const text of ['## Result\nok', 'Steps:\n- one\n- two', '1. first', '```py\nx=1\n```', 'the **answer** is 4', 'see [docs](https://x.dev)']) expect(looksLikeMarkdown(text), text).toBe(true);
  });

  it('leaves plain sentences and numbers plain', () => {
    for (const text of ['Fitted y = 0.42x + 1.7.', 'Canary healthy; rolled out to 100% of traffic.', '3 * 4 = 12', '']) expect(looksLikeMarkdown(text), text).toBe(false);
  });
});
