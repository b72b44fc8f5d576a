/**
 * True when text carries Markdown's block or emphasis marks (a heading, a list, a fenced
 * block, bold, a link): then it is shown formatted (MarkdownText) rather than as a JSON
 * string. Plain sentences stay plain.
 */
const MARKS = [/^#{1,6}\s+\S/m, /^\s*[-*+]\s+\S/m, /^\s*\d+[.)]\s+\S/m, /^```/m, /\*\*[^*\n]+\*\*/, /\[[^\]\n]+\]\([^)\s]+\)/];

export function looksLikeMarkdown(text: string): boolean {
  return MARKS.some((mark) => mark.test(text));
}
