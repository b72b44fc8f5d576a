import { describe, expect, test } from 'vitest';

import { TAIL_CHARS } from '@/stores/node-types';
import { NO_TAILS, tailEntries, tailOf, withTails } from '@/stores/tails';

const ids = Array.from({ length: 200 }, (_, i) => `n${String(i).padStart(3, '0')}`);

describe('tails', () => {
  test('each node reads back the last TAIL_CHARS characters of its text', () => {
    const tails = withTails(NO_TAILS, new Map(ids.map((id) => [id, `${id}:${'x'.repeat(TAIL_CHARS)}`])));
    for (const id of ids) expect(tailOf(tails, id)).toBe(`${id}:${'x'.repeat(TAIL_CHARS)}`.slice(-TAIL_CHARS));
    expect(tailOf(tails, 'unknown')).toBeUndefined();
    expect(tailEntries(tails)).toHaveLength(200);
  });

  test('an update leaves the previous state as it was and shares the buckets it did not touch', () => {
    const before = withTails(NO_TAILS, new Map(ids.map((id) => [id, 'a'])));
    const after = withTails(before, new Map([['n007', 'b']]));
    expect(tailOf(before, 'n007')).toBe('a');
    expect(tailOf(after, 'n007')).toBe('b');
    const changed = after.filter((bucket, i) => bucket !== before[i]);
    expect(changed).toHaveLength(1);
    expect(tailEntries(after).filter(([, text]) => text === 'a')).toHaveLength(199);
  });

  test('similar ids spread over several buckets', () => {
    const tails = withTails(NO_TAILS, new Map(ids.map((id) => [id, 'a'])));
    const sizes = tails.map((bucket) => (bucket?.length ?? 0) / 2);
    expect(Math.max(...sizes)).toBeLessThan(20);
  });
});
