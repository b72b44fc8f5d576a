/**
 * How many words a text holds, as `text.split(/\s+/).filter(Boolean).length` counts them
 * (runs of anything but JavaScript's `\s` whitespace), without the array of words and the
 * filtered copy the split makes: myagent counts the words of every streamed delta.
 * Guarded by count-words.test.ts against the split itself.
 */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) words += 1;
    inWord = !space;
  }
  return words;
}

/** JavaScript's `\s`: the WhiteSpace and LineTerminator code points (ECMA-262). */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
