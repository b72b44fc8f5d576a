import { describe, expect, it } from 'vitest';

import { countWords } from '@/lib/count-words';

const bySplit = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('countWords', () => {
  it('counts like the split on \\s+ for plain text', () => {
    for (const text of ['', ' ', 'one', ' one', 'one ', 'the market grows ', '  a\tb\nc\r\nd  ', 'year;  prices\u00a0fall']) {
      expect(countWords(text), JSON.stringify(text)).toBe(bySplit(text));
    }
  });

  it('treats every code point \\s matches as a space, and no other', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      const text = `a${char}b`;
      expect(countWords(text), `U+${code.toString(16)}`).toBe(bySplit(text));
    }
  });

  it('agrees with the split on random mixes of words, spaces and odd characters', () => {
    const parts = ['w', 'ord', ' ', '\t', '\n', '\u2003', '\u3000', '\ufeff', '\u200b', 'é', '😀', '\u2028', ''];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let round = 0; round < 2_000; round++) {
      let text = '';
      const length = next() % 12;
      for (let i = 0; i < length; i++) text += parts[next() % parts.length];
      expect(countWords(text), JSON.stringify(text)).toBe(bySplit(text));
    }
  });
});
