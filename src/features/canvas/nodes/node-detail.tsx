/**
 * The middle of a run node: what it is doing now. One of, by priority: the error of a
 * failed (or retrying) node, the progress bar with its percentage, the last lines of
 * streamed output while it runs. A view over one node's NodeView; the streamed text is
 * not in it, NodeTail writes that to the DOM itself.
 */
import type { NodeView } from '@/features/canvas/use-node-state';
import { NodeTail } from '@/features/canvas/nodes/node-tail';
import { StreamedTextMark } from '@/components/ui/streamed-text-mark';
import { useNodeStreamedText } from '@/stores/panel-selectors';

export function NodeDetail({ nodeId, node }: { nodeId: string; node: NodeView }) {
  const { status, error, progress, progressMessage } = node;
  if (error && (status === 'failed' || status === 'retrying')) {
    return (
      <p className="line-clamp-2 break-words text-[11px] text-red-700 dark:text-red-300" title={error.message}>
        {status === 'retrying' ? 'last error: ' : ''}
        {error.code ? `${error.code}: ` : ''}
        {error.message}
      </p>
    );
  }
  const showTail = status === 'running' || status === 'retrying';
  return (
    <>
      {progress !== undefined && <ProgressBar progress={progress} message={progressMessage} />}
      {showTail && <TailMark nodeId={nodeId} />}
      {showTail && <NodeTail nodeId={nodeId} />}
    </>
  );
}

/** Says beside the tail when it is a preview (or a partial one) the whole answer will replace. */
function TailMark({ nodeId }: { nodeId: string }) {
  const kind = useNodeStreamedText(nodeId);
  return kind ? <StreamedTextMark kind={kind} /> : null;
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
