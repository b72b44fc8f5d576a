import { describe, expect, test } from 'vitest';

import { deriveNotices, NOTHING_SEEN } from '@/features/notify/derive-notices';

const g = (key: string) => ({ key, question: `${key}?`, runLabel: 'run' });
const r = (key: string, status: 'running' | 'failed' | 'succeeded' | 'cancelled' | 'pending') => ({ key, runLabel: key, status });

describe('deriveNotices', () => {
  test('gates new to the tab open, gates gone close, gates still there are no news', () => {
    const first = deriveNotices(NOTHING_SEEN, [g('a'), g('b')], []);
    expect(first.opened.map((x) => x.key)).toEqual(['a', 'b']);
    const second = deriveNotices(first.next, [g('b'), g('c')], []);
    expect(second.opened.map((x) => x.key)).toEqual(['c']);
    expect(second.closed).toEqual(['a']);
  });

  test('a run ends only after it was seen active: failed, succeeded and cancelled by kind', () => {
    const seen = deriveNotices(NOTHING_SEEN, [], [r('x', 'running'), r('y', 'pending'), r('z', 'running'), r('old', 'failed')]);
    expect(seen.ended).toEqual([]);
    const now = deriveNotices(seen.next, [], [r('x', 'failed'), r('y', 'succeeded'), r('z', 'cancelled'), r('old', 'failed')]);
    expect(now.ended.map((e) => [e.run.key, e.kind])).toEqual([['x', 'runFailed'], ['y', 'runFinished'], ['z', 'runFinished']]);
    expect(deriveNotices(now.next, [], [r('x', 'failed')]).ended).toEqual([]);
  });
});
