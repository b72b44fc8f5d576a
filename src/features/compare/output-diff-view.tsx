/** A matched step's two outputs diffed as text: removed from A struck through, added in B underlined, signs in text too. */
import { useMemo } from 'react';

import { diffOutputs, OUTPUT_DIFF_CHARS } from '@/features/compare/output-diff';

const PART_CLASS = {
  same: '',
  removed: 'bg-red-100 text-red-900 line-through decoration-red-700/60 dark:bg-red-950/60 dark:text-red-200',
  added: 'bg-emerald-100 text-emerald-900 underline decoration-emerald-700/60 dark:bg-emerald-950/60 dark:text-emerald-200',
} as const;

export function OutputDiffView({ a, b, label }: { a: string; b: string; label: string }) {
  const diff = useMemo(() => diffOutputs(a, b), [a, b]);
  if (a === '' && b === '') return <p className="text-sm text-slate-600 dark:text-slate-300">Neither run reported an output for this step.</p>;
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-xs text-slate-600 dark:text-slate-300">
        Output of {label}: <span className="font-medium">+{diff.addedLines} −{diff.removedLines} lines</span>
        {' '}(<Sample kind="removed">only in A</Sample>, <Sample kind="added">only in B</Sample>)
        {diff.gaveUp && ' — too different to line up: A is shown, then B.'}
        {diff.cut && ` — only the first ${OUTPUT_DIFF_CHARS.toLocaleString('en-US')} characters of each are compared.`}
      </figcaption>
      <pre className="max-h-80 overflow-auto rounded border border-slate-200 bg-white p-2 text-xs whitespace-pre-wrap break-words dark:border-slate-700 dark:bg-slate-950">
        {diff.parts.map((part, k) =>
          part.kind === 'same' ? (
            <span key={k}>{part.text}</span>
          ) : part.kind === 'removed' ? (
            <del key={k} className={PART_CLASS.removed}>{part.text}</del>
          ) : (
            <ins key={k} className={PART_CLASS.added}>{part.text}</ins>
          ),
        )}
      </pre>
    </figure>
  );
}

function Sample({ kind, children }: { kind: 'removed' | 'added'; children: string }) {
  return kind === 'removed' ? <del className={PART_CLASS.removed}>{children}</del> : <ins className={PART_CLASS.added}>{children}</ins>;
}
