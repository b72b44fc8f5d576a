/**
 * A JSON (or plain text) block for display: redacted, truncated at ~20 KB with a note,
 * "Show all" and "Download" for big values, folded behind <details> when long. Raw frames
 * pass `downloadable`, so the whole frame (redacted) can always be saved.
 * Context-free: takes the value and a label as props; text is rendered as text only.
 */
import { useMemo, useState } from 'react';

import { downloadText, toFileName } from '@/lib/download-text';
import { formatSize, toDisplayJson } from '@/lib/format-json';

const FOLD_CHARS = 400;

export type JsonBlockProps = Readonly<{
  value: unknown;
  /** Names the block for screen readers and the download file. */
  label: string;
  /** Start folded when the text is long (default true). */
  foldLong?: boolean;
  limit?: number;
  /** Always offer "Download" of the whole value, not only when truncated (raw frames). */
  downloadable?: boolean;
}>;

export function JsonBlock({ value, label, foldLong = true, limit, downloadable = false }: JsonBlockProps) {
  const json = useMemo(() => toDisplayJson(value, limit), [value, limit]);
  const [showAll, setShowAll] = useState(false);
  const text = showAll ? json.full : json.text;
  const body = (
    <>
      <pre
        aria-label={label}
        className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-zinc-100 p-2 font-mono text-xs text-zinc-800 dark:bg-zinc-900 dark:text-zinc-200"
      >
        {text}
      </pre>
      {(json.truncated || downloadable) && (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          {json.truncated && (
            <>
              <span>
                {showAll ? 'Showing all' : `Truncated: showing ${formatSize(json.text.length)}`} of {formatSize(json.full.length)}.
              </span>
              <button type="button" className="underline" onClick={() => setShowAll((v) => !v)}>
                {showAll ? 'Show less' : 'Show all'}
              </button>
            </>
          )}
          <button type="button" className="underline" onClick={() => downloadText(json.full, toFileName(label), 'application/json')}>
            Download
          </button>
        </p>
      )}
    </>
  );
  if (!foldLong || json.full.length <= FOLD_CHARS) return <div>{body}</div>;
  return (
    <details>
      <summary className="cursor-pointer text-xs text-zinc-600 dark:text-zinc-400">
        {label} ({formatSize(json.full.length)})
      </summary>
      {body}
    </details>
  );
}
