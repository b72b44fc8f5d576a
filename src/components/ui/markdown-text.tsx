/**
 * Text a producer wrote in Markdown (gate descriptions, node outputs), shown formatted and
 * safe. The renderer (react-markdown) is loaded on first use, so pages that never show
 * Markdown do not carry it; until it arrives the text shows as plain, wrapped text.
 * Context-free: the text and an optional label come in as props.
 * Safety: no raw HTML is ever rendered (it shows as the characters it is), links keep only
 * http(s) and mailto addresses, images are shown as links, and text beyond `maxChars` is cut
 * with a note, so hostile or huge text stays inert text.
 */
import { lazy, Suspense } from 'react';

import { cn } from '@/lib/cn';

const MarkdownRenderer = lazy(() => import('@/components/ui/markdown-renderer').then((m) => ({ default: m.MarkdownRenderer })));

/** About ten pages of text: more than any description a person reads in a dialog. */
export const MARKDOWN_MAX_CHARS = 20_000;

export type MarkdownTextProps = Readonly<{
  text: string;
  className?: string;
  maxChars?: number;
  /** Names the block for screen readers (e.g. "Description"). */
  label?: string;
  /** Bounded height that scrolls: then the block is a named region reachable by Tab, so the keyboard can scroll it. */
  scrollable?: boolean;
}>;

export function MarkdownText({ text, className, maxChars = MARKDOWN_MAX_CHARS, label, scrollable = false }: MarkdownTextProps) {
  const cut = text.length > maxChars;
  const shown = cut ? text.slice(0, maxChars) : text;
  const named = label ? { role: scrollable ? 'region' : 'group', 'aria-label': label } : {};
  return (
    <div
      className={cn('markdown-text min-w-0 text-sm break-words', scrollable && 'max-h-72 overflow-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600', className)}
      {...named}
      {...(scrollable ? { tabIndex: 0 } : {})}
    >
      <Suspense fallback={<p className="whitespace-pre-wrap">{shown}</p>}>
        <MarkdownRenderer text={shown} />
      </Suspense>
      {cut && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Shortened for display: {text.length.toLocaleString()} characters, the first {maxChars.toLocaleString()} shown.</p>}
    </div>
  );
}
