/**
 * One box standing for a collapsed fan-out (grouping rules: layout/group-graph.ts).
 *
 * Shows the group's label, how many steps it holds and their statuses as text
 * ("4 running · 2 succeeded"), read with ONE selector over the member ids that returns a
 * string, so the box re-renders only when that text changes. The Expand button carries
 * aria-expanded; the canvas lists expanded groups with a matching Collapse button.
 */
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, use, useRef } from 'react';

import { cn } from '@/lib/cn';

import { CanvasActionsContext } from '@/features/canvas/canvas-context';
import type { GroupFlowNode } from '@/features/canvas/layout/layout-types';
import { NodeErrorBoundary } from '@/features/canvas/nodes/node-error-boundary';
import { useWrapperLabel } from '@/features/canvas/nodes/use-wrapper-label';
import { STATUS_CLASS } from '@/features/canvas/status-style';
import { useGroupStatus, useGroupSummary } from '@/features/canvas/use-node-state';

const HANDLE_CLASS = '!h-1.5 !w-1.5 !min-w-0 !border-0 !bg-slate-400 opacity-60';

export const GroupNode = memo(function GroupNode({ data, selected, sourcePosition, targetPosition }: NodeProps<GroupFlowNode>) {
  return (
    <>
      <Handle type="target" position={targetPosition ?? Position.Left} isConnectable={false} className={HANDLE_CLASS} />
      <NodeErrorBoundary label={data.label}>
        <GroupNodeBody data={data} selected={selected} />
      </NodeErrorBoundary>
      <Handle type="source" position={sourcePosition ?? Position.Right} isConnectable={false} className={HANDLE_CLASS} />
    </>
  );
});

function GroupNodeBody({ data, selected }: { data: GroupFlowNode['data']; selected: boolean }) {
  const summary = useGroupSummary(data.memberIds);
  const status = useGroupStatus(data.memberIds);
  const { setGroupExpanded } = use(CanvasActionsContext);
  const ref = useRef<HTMLDivElement>(null);
  const count = `${data.memberIds.length} parallel steps`;
  useWrapperLabel(ref, `${data.label}: group of ${data.memberIds.length}, ${summary}`);
  return (
    <div
      ref={ref}
      data-status={status}
      className={cn(
        'flex h-full w-full flex-col gap-1 overflow-hidden rounded-md border-2 border-double px-2.5 py-1.5 text-xs shadow-md',
        STATUS_CLASS[status],
        data.noDeps && 'border-dashed',
        selected && 'ring-2 ring-sky-500 ring-offset-1',
      )}
    >
      <div className="flex items-center gap-1">
        <span aria-hidden="true">▦</span>
        <span className="truncate text-sm font-semibold text-slate-900 dark:text-slate-50" title={data.label}>{data.label}</span>
      </div>
      <div className="text-[11px] text-slate-600 dark:text-slate-400">{count}</div>
      <p className="line-clamp-2 font-medium" data-testid="group-summary">{summary}</p>
      <button
        type="button"
        aria-expanded={false}
        aria-label={`Expand ${data.label} (${count})`}
        onClick={() => setGroupExpanded(data.groupKey, true)}
        className="nodrag nopan mt-auto self-start rounded border border-current px-1.5 py-0.5 text-[11px] font-medium hover:bg-white/60 dark:hover:bg-black/30"
      >
        Expand
      </button>
    </div>
  );
}
