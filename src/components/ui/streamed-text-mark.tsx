/** A small mark beside streamed text that says what it is: a preview, a partial preview, or the whole answer. */
import type { StreamedText } from '@/protocol/run-event';

import { STREAMED_TEXT_HINT, STREAMED_TEXT_LABEL } from '@/lib/streamed-text-label';

const TONE: Readonly<Record<StreamedText, string>> = {
  preview: 'border-slate-300 text-slate-600 dark:border-slate-600 dark:text-slate-300',
  partial: 'border-amber-500 text-amber-800 dark:border-amber-400 dark:text-amber-200',
  whole: 'border-emerald-500 text-emerald-800 dark:border-emerald-400 dark:text-emerald-200',
};

export function StreamedTextMark({ kind, explain = false }: Readonly<{ kind: StreamedText; explain?: boolean }>) {
  return (
    <span className="inline-flex items-baseline gap-1.5">
      <span data-testid="streamed-text-mark" title={STREAMED_TEXT_HINT[kind]} className={`shrink-0 rounded border px-1 text-[10px] font-semibold leading-tight ${TONE[kind]}`}>
        {STREAMED_TEXT_LABEL[kind]}
      </span>
      {explain && <span className="text-xs text-zinc-600 dark:text-zinc-400">{STREAMED_TEXT_HINT[kind]}</span>}
    </span>
  );
}
