import { describe, expect, test } from 'vitest';

import { longSubjects } from '../../scripts/check-commit-subjects';

describe('the commit subject check', () => {
  test('names each subject over the limit with its length, and only those', () => {
    const log = ['a1\tshort subject', `b2\t${'x'.repeat(73)}`, `c3\t${'y'.repeat(72)}`, ''].join('\n');
    expect(longSubjects(log)).toEqual([`b2 (73): ${'x'.repeat(73)}`]);
  });

  test('counts characters, not UTF-16 units or bytes (an em dash or emoji is one)', () => {
    const subject = `${'z'.repeat(70)}—🙂`;
    expect(longSubjects(`d4\t${subject}`)).toEqual([]);
    expect(longSubjects(`d4\t${subject}!`)).toEqual([`d4 (73): ${subject}!`]);
  });
});
