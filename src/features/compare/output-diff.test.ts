import { describe, expect, test } from 'vitest';

import { diffOutputs, OUTPUT_DIFF_CHARS, summarizeOutputDiff } from '@/features/compare/output-diff';

describe('output diff', () => {
  test('one changed word in a line is shown word by word, the rest kept', () => {
    const diff = diffOutputs('The plan has three steps.\nThen write.\n', 'The plan has four steps.\nThen write.\n');
    expect(diff.parts).toEqual([
      { kind: 'same', text: 'The plan has ' },
      { kind: 'removed', text: 'three' },
      { kind: 'added', text: 'four' },
      { kind: 'same', text: ' steps.\nThen write.\n' },
    ]);
    expect(diff).toMatchObject({ addedLines: 1, removedLines: 1, cut: false, gaveUp: false });
  });

  test('a line that changed almost wholly is shown as the two lines, not interleaved fragments', () => {
    const diff = diffOutputs('Split the market question into six topics\n', 'Roll out 2.4 to 10% of traffic, watch errors\n');
    expect(diff.parts).toEqual([
      { kind: 'removed', text: 'Split the market question into six topics\n' },
      { kind: 'added', text: 'Roll out 2.4 to 10% of traffic, watch errors\n' },
    ]);
  });

  test('identical outputs are one unchanged part and count nothing', () => {
    expect(diffOutputs('same', 'same').parts).toEqual([{ kind: 'same', text: 'same' }]);
    expect(summarizeOutputDiff('same', 'same')).toEqual({ addedLines: 0, removedLines: 0, gaveUp: false });
  });

  test('lines added and removed are counted', () => {
    expect(summarizeOutputDiff('a\nb\nc\n', 'a\nc\nd\ne\n')).toEqual({ addedLines: 2, removedLines: 1, gaveUp: false });
    expect(summarizeOutputDiff('', 'x\ny')).toEqual({ addedLines: 2, removedLines: 0, gaveUp: false });
  });

  test('outputs too different to diff give up with both sides shown, not a frozen page', () => {
    const a = Array.from({ length: 1000 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 1000 }, (_, i) => `b${i}`).join('\n');
    const diff = diffOutputs(a, b);
    expect(diff.gaveUp).toBe(true);
    expect(diff.parts.map((p) => p.kind)).toEqual(['removed', 'added']);
    expect(summarizeOutputDiff(a, b)).toEqual({ addedLines: 1000, removedLines: 1000, gaveUp: true });
  });

  test('a huge output is cut before diffing, and says so', () => {
    const diff = diffOutputs('x'.repeat(OUTPUT_DIFF_CHARS * 3), 'y');
    expect(diff.cut).toBe(true);
    expect(diff.parts.reduce((n, p) => n + p.text.length, 0)).toBeLessThanOrEqual(OUTPUT_DIFF_CHARS + 1);
  });

  test('markup in outputs is kept as characters', () => {
    const diff = diffOutputs('<b>ok</b>', '<script>alert(1)</script>');
    expect(diff.parts.filter((p) => p.kind !== 'added').map((p) => p.text).join('')).toBe('<b>ok</b>');
    expect(diff.parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe('<script>alert(1)</script>');
  });
});
