import { describe, expect, it } from 'vitest';

import type { GraphState } from '@/stores/run-types';

import { matchNodes } from '@/features/timeline/match-nodes';

function graphOf(count: number): GraphState {
  const order = Array.from({ length: count }, (_, i) => `t${i}`);
  const nodes = Object.fromEntries(order.map((id, i) => [id, { id, label: `Task ${i}` }]));
  return { nodes, order, edges: [], version: 1 };
}

describe('matchNodes', () => {
  it('offers the first nodes in order for an empty query, and counts them all', () => {
    const { choices, total } = matchNodes(graphOf(10_000), '', 50);
    expect(total).toBe(10_000);
    expect(choices).toHaveLength(50);
    expect(choices[0]).toEqual({ id: 't0', label: 'Task 0' });
    expect(choices[49]?.id).toBe('t49');
  });

  it('matches label or id without regard to case: exact first, then prefix, then the rest', () => {
    const { choices, total } = matchNodes(graphOf(200), 'T5', 5);
    expect(choices.map((c) => c.id)).toEqual(['t5', 't50', 't51', 't52', 't53']);
    expect(total).toBe(11); // t5, t50–t59
    expect(matchNodes(graphOf(200), 'task 19', 50).choices.map((c) => c.id)).toEqual(['t19', 't190', 't191', 't192', 't193', 't194', 't195', 't196', 't197', 't198', 't199']);
    expect(matchNodes(graphOf(200), 'sk 17', 3).choices.map((c) => c.id)).toEqual(['t17', 't170', 't171']);
  });

  it('finds nothing for text no node has, and falls back to the id for a node without a label', () => {
    expect(matchNodes(graphOf(20), 'otter', 50)).toEqual({ choices: [], total: 0 });
    const bare: GraphState = { nodes: {}, order: ['lonely'], edges: [], version: 1 };
    expect(matchNodes(bare, 'lone', 50).choices).toEqual([{ id: 'lonely', label: 'lonely' }]);
  });
});
