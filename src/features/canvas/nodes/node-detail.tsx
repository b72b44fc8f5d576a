/**
 * The middle of a run node: what it is doing now. One of, by priority: the error of a
 * failed (or retrying) node, the progress bar with its percentage, the last lines of
 * streamed output while it runs. Pure view over one NodeState.
 */
import type { NodeState } from '@/stores/node-types';

const TAIL_LINES = 2;
const TAIL_LINE_CHARS = 60;

/** The last non-empty lines of streamed text, each cut to fit the node. */
export function lastLines(tail: string, count = TAIL_LINES): string {
  return tail
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .slice(-count)
    .map((line) => (line.length > TAIL_LINE_CHARS ? `…${line.slice(-TAIL_LINE_CHARS + 1)}` : line))
    .join('\n');
}

export function NodeDetail({ node }: { node: NodeState }) {
  const { status, error, progress, progressMessage, tail } = node;
  if (error && (status === 'failed' || status === 'retrying')) {
    return (
      <p className="line-clamp-2 break-words text-[11px] text-red-700 dark:text-red-300" title={error.message}>
        {status === 'retrying' ? 'last error: ' : ''}
        {error.code ? `${error.code}: ` : ''}
        {error.message}
      </p>
    );
  }
  const showTail = (status === 'running' || status === 'retrying') && tail.length > 0;
  return (
    <>
      {progress !== undefined && <ProgressBar progress={progress} message={progressMessage} />}
      {showTail && (
        <pre className="line-clamp-2 overflow-hidden whitespace-pre-wrap break-all font-mono text-[10px] leading-tight text-slate-700 dark:text-slate-300">
          {lastLines(tail)}
        </pre>
      )}
    </>
  );
}

function ProgressBar({ progress, message }: { progress: number; message: string | undefined }) {
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return (
    <div className="flex items-center gap-1.5 text-[11px]">
      <div
        role="progressbar"
        aria-label="progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 flex-1 overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-sky-500" style={{ width: `${percent}%` }} />
      </div>
      <span className="tabular-nums">{percent}%</span>
      {message && <span className="max-w-[45%] truncate" title={message}>{message}</span>}
    </div>
  );
}
