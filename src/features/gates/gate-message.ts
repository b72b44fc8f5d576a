/**
 * A gate's message as the producer wrote it may be a whole Markdown document (MARS's plan
 * review: a first sentence, then a heading, the plan and the options). The dialog's title
 * (and every one-line place: inbox, confirmation, announcements) takes its first line as
 * plain words; the rest is shown below the title as Markdown.
 */
const HEADLINE_MAX = 160;

export type GateMessageParts = Readonly<{ headline: string; body?: string }>;

/** Markdown's marks on one line (heading hashes, emphasis, code ticks, a list bullet) removed. */
function plainLine(line: string): string {
  return line
    .replace(/^\s{0,3}(#{1,6}\s+|[-*+]\s+|>\s*)/, '')
    // Only marks that enclose words: `__` inside an identifier (window.__x) is text.
    .replace(/\*\*(\S(?:.*?\S)?)\*\*/g, '$1')
    .replace(/(?<![\w])__(\S(?:.*?\S)?)__(?![\w])/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .trim();
}

export function splitGateMessage(message: string): GateMessageParts {
  const lines = message.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first === -1) return { headline: message.trim() };
  const headline = plainLine(lines[first] ?? '');
  const rest = lines.slice(first + 1).join('\n').trim();
  if (headline.length > HEADLINE_MAX) return { headline: `${headline.slice(0, HEADLINE_MAX - 1)}…`, body: message.trim() };
  return rest === '' ? { headline } : { headline, body: rest };
}

export function gateHeadline(message: string): string {
  return splitGateMessage(message).headline;
}
