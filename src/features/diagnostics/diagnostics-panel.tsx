import { EmptyState } from '@/components/ui/empty-state';
import { JsonBlock } from '@/components/ui/json-block';
import { useRunSession, type RecordingBound } from '@/stores/run-session';
import { useDecodeIssues, useStreamStats } from '@/stores/run-selectors';

/**
 * Frames the decoders could not use, with the reason and the raw frame, plus the stream's
 * counters. Nothing here stops the run: a bad frame is quarantined and the rest flows on.
 */
export function DiagnosticsPanel() {
  const session = useRunSession();
  const issues = useDecodeIssues();
  const stats = useStreamStats();
  return (
    <section aria-label="Stream diagnostics" className="flex h-full flex-col gap-3 overflow-auto p-3 text-sm">
      <dl className="grid grid-cols-5 gap-2 text-center">
        {(
          [
            ['Frames', stats.frames],
            ['Duplicates dropped', stats.duplicates],
            ['Rejected', stats.rejected],
            ['Unknown types', stats.unknown],
            ['Gaps', stats.gaps],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className="rounded-md bg-slate-100 p-2 dark:bg-slate-800">
            <dt className="text-[11px] text-slate-600 dark:text-slate-300">{term}</dt>
            <dd className="font-semibold tabular-nums">{value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      <RecordingBoundNote bound={session.recordingBound?.()} />
      {issues.length === 0 ? (
        <EmptyState title="No rejected frames">Every frame so far matched its protocol.</EmptyState>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Rejected frames">
          {[...issues].reverse().map((issue, i) => (
            <li key={`${issue.frame}-${i}`} className="rounded-md border border-amber-300 bg-amber-50 p-2 dark:border-amber-800 dark:bg-amber-950">
              <p className="font-semibold">
                <span aria-hidden>⚠ </span>
                Frame #{issue.frame}
                {issue.frameType ? ` (${issue.frameType})` : ''} rejected
              </p>
              <pre className="mt-1 text-xs whitespace-pre-wrap break-words">{issue.reason}</pre>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs">Raw frame</summary>
                {session.frameAt(issue.frame) === undefined ? (
                  <p className="text-xs">No longer held in memory.</p>
                ) : (
                  <JsonBlock value={session.frameAt(issue.frame)} label={`frame-${issue.frame}`} foldLong={false} limit={4_000} downloadable />
                )}
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Said only once the bound is reached: the export then starts part-way through the run. */
function RecordingBoundNote({ bound }: { bound: RecordingBound | undefined }) {
  if (!bound || bound.droppedLines === 0) return null;
  return (
    <p role="note" className="rounded-md border border-slate-300 p-2 text-xs text-slate-700 dark:border-slate-600 dark:text-slate-200">
      Recording bound reached: the recording keeps the last {bound.maxLines.toLocaleString('en-US')} frames or {megabytes(bound.maxBytes)} of frames at most;
      the oldest {bound.droppedLines.toLocaleString('en-US')} lines were dropped to stay within memory.
    </p>
  );
}

/** 67108864 → "64 MB", with a no-break space (the bound is set in whole megabytes). */
function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')}\u00a0MB`;
}
