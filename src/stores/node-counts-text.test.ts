import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { emptyNodeMap } from '@/stores/node-map';
import { nodeCountsText } from '@/stores/node-counts-text';
import { reduceNodeStatus } from '@/stores/reduce-node-status';

const started = (nodeId: string): RunEvent => ({ type: 'node.started', nodeId, atMs: 1 });
const done = (nodeId: string): RunEvent => ({ type: 'node.completed', nodeId, atMs: 2 });

describe('the header’s node counts', () => {
  test('what needs a person first, what is over last; not run in words; no node, no text', () => {
    expect(nodeCountsText(emptyNodeMap(), '')).toBe('');
    const map = reduceNodeStatus(emptyNodeMap(), [
      { type: 'graph.defined', nodes: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, label: id })), edges: [] },
      started('a'),
      done('a'),
      started('b'),
      { type: 'node.failed', nodeId: 'c', error: { message: 'x' }, atMs: 3 },
      { type: 'gate.opened', nodeId: 'd', gateId: 'g', kind: 'approval', message: 'ok?', options: [] },
    ]);
    expect(nodeCountsText(map, '')).toBe('1 failed · 1 waiting · 1 running · 1 pending · 1 succeeded');
    const ended = reduceNodeStatus(map, [{ type: 'run.cancelled', atMs: 9 }]);
    expect(nodeCountsText(ended, '')).toBe('1 failed · 1 succeeded · 2 cancelled · 1 not run');
  });

  test('a succeeded node its gate turned down counts as the verdict; one still running does not', () => {
    const map = reduceNodeStatus(emptyNodeMap(), [started('a'), done('a'), started('b'), done('b'), started('c'), started('d')]);
    expect(nodeCountsText(map, 'a\trejected\nc\ttimed out')).toBe('2 running · 1 succeeded · 1 rejected');
    expect(nodeCountsText(map, 'a\trejected\nb\trejected')).toBe('2 running · 2 rejected');
  });

  test('thousands are grouped, as in the overview legend', () => {
    const map = reduceNodeStatus(emptyNodeMap(), Array.from({ length: 1_200 }, (_, i) => started(`n${i}`)));
    expect(nodeCountsText(map, '')).toBe('1,200 running');
  });
});
