import { describe, expect, it } from 'vitest';

import type { NodeStatus } from '@/protocol/run-event';
import { nodeMapFrom } from '@/stores/node-map';
import type { NodeState } from '@/stores/node-types';

import { anyRunning, dominantStatus, summarizeStatuses } from '@/features/canvas/summarize-statuses';

const state = (status: NodeStatus): NodeState => ({ status, attempt: 1 });

describe('summarizeStatuses', () => {
  const byId = nodeMapFrom({ a: state('running'), b: state('succeeded'), c: state('running'), d: state('failed') });

  it('counts members by status, most urgent first, as text', () => {
    expect(summarizeStatuses(byId, ['a', 'b', 'c', 'd', 'unseen'])).toBe('1 failed · 2 running · 1 pending · 1 succeeded');
  });

  it('uses the waiting wording', () => {
    expect(summarizeStatuses(nodeMapFrom({ w: state('waiting') }), ['w'])).toBe('1 waiting for a human');
  });

  it('picks the most urgent status to stand for a group', () => {
    expect(dominantStatus(byId, ['a', 'b', 'd'])).toBe('failed');
    expect(dominantStatus(byId, ['b'])).toBe('succeeded');
    expect(dominantStatus(byId, [])).toBe('pending');
  });

  it('says whether any watched node runs', () => {
    expect(anyRunning(byId, ['b', 'c'])).toBe(true);
    expect(anyRunning(byId, ['b', 'd'])).toBe(false);
  });
});
