import { describe, expect, it } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';

import { makeSession } from './make-session';

const titleAfter = (...batches: RunEvent[][]) => {
  const session = makeSession();
  for (const batch of batches) session.apply(batch);
  return session.run.getState().title;
};

describe('the run title', () => {
  it('is run.started’s title, else a title among its inputs, else none (the header then shows the run id)', () => {
    expect(titleAfter([{ type: 'run.started', title: 'Nightly build' }])).toBe('Nightly build');
    expect(titleAfter([{ type: 'run.started', workflowId: 'wf-1', inputs: { title: ' Crawl the docs ', apiKey: { secret: true, ref: 'k' } } }])).toBe('Crawl the docs');
    expect(titleAfter([{ type: 'run.started', inputs: { title: 42 } }])).toBeUndefined();
    expect(titleAfter([{ type: 'run.started', inputs: 'text' }])).toBeUndefined();
  });

  it('keeps a known title when a later run.started (a resumed segment) names none', () => {
    expect(titleAfter([{ type: 'run.started', title: 'First' }], [{ type: 'run.started' }])).toBe('First');
  });
});
