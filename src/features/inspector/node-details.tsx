/**
 * The node details panel: a labelled complementary landmark with the node's facts,
 * inputs/output, streamed text, tool calls, errors, retries, logs, cost by attempt,
 * gate decisions and the raw frames behind it. Every payload goes through
 * redactSecrets (inside JsonBlock) and is rendered as text, never as HTML.
 */
import { JsonBlock } from '@/components/ui/json-block';
import { useRunSession } from '@/stores/run-session';
import { useGraphNode, useNodeCost, useNodeState } from '@/stores/panel-selectors';
import { useNodeGate } from '@/stores/run-selectors';

import { CostByAttemptTable } from '@/features/inspector/cost-by-attempt-table';
import { DetailSection } from '@/features/inspector/detail-section';
import { GateAuditList } from '@/features/inspector/gate-audit-list';
import { ErrorsList, LogsList, RetriesList } from '@/features/inspector/node-activity-lists';
import { NodeSummary } from '@/features/inspector/node-summary';
import { RawFramesList } from '@/features/inspector/raw-frames-list';
import { ToolCallsList } from '@/features/inspector/tool-calls-list';
import { useNodeDetails } from '@/features/inspector/use-node-details';
import { MarkdownText } from '@/components/ui/markdown-text';
import { StreamedTextMark } from '@/components/ui/streamed-text-mark';
import { looksLikeMarkdown } from '@/lib/looks-like-markdown';

export type NodeDetailsProps = Readonly<{ nodeId: string; onClose: () => void; className?: string }>;

export function NodeDetails({ nodeId, onClose, className = '' }: NodeDetailsProps) {
  const { frameAt } = useRunSession();
  const graphNode = useGraphNode(nodeId);
  const node = useNodeState(nodeId);
  const gate = useNodeGate(nodeId);
  const costMicros = useNodeCost(nodeId);
  const { details: d, costByAttempt, currency, costReported } = useNodeDetails(nodeId);
  const label = graphNode?.label ?? nodeId;

  return (
    <aside
      role="complementary"
      aria-label={`Node details: ${label}`}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      className={`flex flex-col overflow-auto bg-white p-3 text-sm text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100 ${className}`}
    >
      <header className="mb-2 flex items-start gap-2">
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold">{label}</h2>
        <button type="button" onClick={onClose} aria-label="Close node details" className="rounded px-1.5 hover:bg-zinc-200 dark:hover:bg-zinc-800">
          ✕
        </button>
      </header>
      <NodeSummary kind={graphNode?.kind} node={node} costMicros={costReported ? costMicros : undefined} currency={currency} gate={gate} />
      {d.inputs !== undefined && (
        <DetailSection title="Inputs">
          <JsonBlock value={d.inputs} label="Inputs" />
        </DetailSection>
      )}
      <DetailSection title="Output" count={d.hasOutput ? 1 : 0} empty="No output yet">
        {typeof d.output === 'string' && looksLikeMarkdown(d.output) ? <MarkdownText text={d.output} label="Output" /> : <JsonBlock value={d.output} label="Output" />}
      </DetailSection>
      <DetailSection title="Streamed text" count={d.text === '' ? 0 : 1} empty="No streamed text">
        {d.textKind && (
          <p className="mb-1">
            <StreamedTextMark kind={d.textKind} explain />
          </p>
        )}
        {d.textTruncated && <p className="text-xs text-zinc-500">Showing the last {d.text.length.toLocaleString('en-US')} characters.</p>}
        <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900">{d.text}</pre>
      </DetailSection>
      <DetailSection title="Tool calls" count={d.toolCalls.length} empty="No tool calls">
        <ToolCallsList calls={d.toolCalls} />
      </DetailSection>
      <DetailSection title="Errors" count={d.errors.length} empty="No errors">
        <ErrorsList errors={d.errors} />
      </DetailSection>
      <DetailSection title="Retries" count={d.retries.length} empty="No retries">
        <RetriesList retries={d.retries} />
      </DetailSection>
      <DetailSection title="Logs" count={d.logs.length} empty="No logs">
        <LogsList logs={d.logs} />
      </DetailSection>
      <DetailSection title="Cost by attempt" count={costByAttempt.length} empty="No cost reported">
        <CostByAttemptTable attempts={costByAttempt} currency={currency} />
      </DetailSection>
      <DetailSection title="Gate decisions" count={d.gates.length} empty="No gates">
        <GateAuditList entries={d.gates} nodeId={nodeId} />
      </DetailSection>
      <DetailSection title="Raw frames" count={d.frames.length} empty="No raw frames recorded">
        <RawFramesList frames={d.frames} frameAt={frameAt} />
      </DetailSection>
    </aside>
  );
}
