import { describe, expect, test } from 'vitest';

import type { TimedAttempt as Attempt } from '@/features/durations/duration-model';
import { criticalPath } from '@/features/durations/critical-path';

const attempt = (nodeId: string, startedAtMs: number, endedAtMs: number | undefined, n = 1): Attempt => ({
  id: `${nodeId}#${n}`,
  nodeId,
  attempt: n,
  startedAtMs,
  ...(endedAtMs !== undefined ? { endedAtMs } : {}),
  outcome: endedAtMs === undefined ? 'running' : 'succeeded',
  waits: [],
  row: 0,
  cost: { micros: 0, inputTokens: 0, outputTokens: 0, records: 0, priced: false },
});

describe('critical path', () => {
  test('follows the predecessor that finished last, not the one that finished first', () => {
    const attempts = [attempt('plan', 0, 10), attempt('fast', 10, 20), attempt('slow', 10, 50), attempt('write', 50, 60)];
    const edges = [
      { source: 'plan', target: 'fast' },
      { source: 'plan', target: 'slow' },
      { source: 'fast', target: 'write' },
      { source: 'slow', target: 'write' },
    ];
    expect([...criticalPath(attempts, edges, 100)].sort()).toEqual(['plan#1', 'slow#1', 'write#1']);
  });

  test('a retried node puts every attempt on the path', () => {
    const attempts = [attempt('fetch', 0, 30, 1), attempt('fetch', 40, 60, 2), attempt('load', 60, 70)];
    const edges = [{ source: 'fetch', target: 'load' }];
    expect([...criticalPath(attempts, edges, 100)].sort()).toEqual(['fetch#1', 'fetch#2', 'load#1']);
  });

  test('without edges, the attempt that ended last before each start stands in; a running attempt ends now', () => {
    const attempts = [attempt('a', 0, 10), attempt('b', 0, 5), attempt('c', 12, undefined)];
    expect([...criticalPath(attempts, [], 100)].sort()).toEqual(['a#1', 'c#1']);
  });

  test('an empty run has an empty path', () => {
    expect(criticalPath([], [], 0).size).toBe(0);
  });
});
