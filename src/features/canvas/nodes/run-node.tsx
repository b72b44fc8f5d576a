/**
 * The canvas box for one run step.
 *
 * Structure (label, kind, "no known dependencies" as a dashed border) comes from `data`, written by layout;
 * live state comes from the node-status store BY ID (useCanvasNodeView), so a status
 * change re-renders this node only and never touches React Flow's arrays
 * (features/canvas/README.md). Tokens re-render nothing: the clock and the streamed text are DOM-writing
 * children (elapsed-clock.tsx, node-tail.tsx). Handles
 * sit outside the error boundary so edges still attach to a node that failed to draw.
 */
import { Handle, Position, useStore as useFlowStore, type NodeProps } from '@xyflow/react';
import { memo, useRef } from 'react';

import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format-money';

import type { RunFlowNode } from '@/features/canvas/layout/layout-types';
import { ElapsedClock } from '@/features/canvas/nodes/elapsed-clock';
import { NodeDetail } from '@/features/canvas/nodes/node-detail';
import { NodeErrorBoundary } from '@/features/canvas/nodes/node-error-boundary';
import { useWrapperLabel } from '@/features/canvas/nodes/use-wrapper-label';
import { STATUS_CLASS, STATUS_ICON } from '@/features/canvas/status-style';
import { useCanvasNodeView, useNodeStatus, useRunCurrency, useStatusText } from '@/features/canvas/use-node-state';
import { useNodeCost } from '@/stores/panel-selectors';

const HANDLE_CLASS = '!h-1.5 !w-1.5 !min-w-0 !border-0 !bg-slate-400 opacity-60';
/**
 * Below this zoom the full body's 11–14 px text is under ~8 px on screen, so a node draws
 * as a plain box with its label and status in 30 px type (~9 px at READABLE_ZOOM,
 * use-auto-fit.ts). The selector returns a boolean, so a zoom re-renders a node only when
 * it crosses the line. On big graphs nodes below DETAIL_ZOOM are the overview's marks.
 */
export const FAR_ZOOM = 0.6;

export const RunNode = memo(function RunNode({ id, data, selected, sourcePosition, targetPosition }: NodeProps<RunFlowNode>) {
  const far = useFlowStore((s) => s.transform[2] < FAR_ZOOM);
  return (
    <>
      <Handle type="target" position={targetPosition ?? Position.Left} isConnectable={false} className={HANDLE_CLASS} />
      <NodeErrorBoundary label={data.label}>
        {far ? <FarNodeBody id={id} label={data.label} selected={selected} /> : <RunNodeBody id={id} data={data} selected={selected} />}
      </NodeErrorBoundary>
      <Handle type="source" position={sourcePosition ?? Position.Right} isConnectable={false} className={HANDLE_CLASS} />
    </>
  );
});

type BodyProps = Readonly<{ id: string; data: RunFlowNode['data']; selected: boolean }>;

function RunNodeBody({ id, data, selected }: BodyProps) {
  const node = useCanvasNodeView(id);
  const statusText = useStatusText(id, node.status);
  const currency = useRunCurrency();
  const cost = useNodeCost(id);
  const ref = useRef<HTMLDivElement>(null);
  useWrapperLabel(ref, `${data.label}: ${statusText}`);
  return (
    <div
      ref={ref}
      data-status={node.status}
      className={cn(
        'flex h-full w-full flex-col gap-0.5 overflow-hidden rounded-md border-2 px-2.5 py-1.5 text-xs shadow-sm',
        STATUS_CLASS[node.status],
        data.noDeps && 'border-dashed',
        selected && 'ring-2 ring-sky-500 ring-offset-1 dark:ring-offset-slate-900',
      )}
    >
      <div className="flex items-center gap-1 font-medium">
        {/* No spinning icon: 20 spinners made the compositor re-layer the canvas every frame
            (benchmark 3); the status is written out beside the icon anyway. */}
        <span aria-hidden="true" className="inline-block">{STATUS_ICON[node.status]}</span>
        <span data-testid="node-status-text">{statusText}</span>
        {node.attempt > 1 && <span className="ml-auto tabular-nums">attempt {node.attempt}</span>}
      </div>
      <div className="truncate text-sm font-semibold text-slate-900 dark:text-slate-50" title={data.label}>{data.label}</div>
      {data.kind && <div className="truncate text-[11px] text-slate-500 dark:text-slate-400">{data.kind}</div>}
      <NodeDetail nodeId={id} node={node} />
      <div className="mt-auto flex gap-2 text-[11px] text-slate-600 tabular-nums dark:text-slate-400">
        <ElapsedClock nodeId={id} />
        {cost > 0 && <span title="cost of this step">{formatMoney(cost, currency)}</span>}
      </div>
    </div>
  );
}

/** The zoomed-out box: label and status text only (still text, never colour alone). */
function FarNodeBody({ id, label, selected }: Readonly<{ id: string; label: string; selected: boolean }>) {
  const status = useNodeStatus(id);
  const statusText = useStatusText(id, status);
  const ref = useRef<HTMLDivElement>(null);
  useWrapperLabel(ref, `${label}: ${statusText}`);
  return (
    <div
      ref={ref}
      data-status={status}
      className={cn('flex h-full w-full flex-col justify-center overflow-hidden rounded-md border-2 px-2.5 text-3xl leading-tight', STATUS_CLASS[status], selected && 'ring-2 ring-sky-500')}
    >
      <span className="line-clamp-2 font-semibold break-words" title={label}>{label}</span>
      <span data-testid="node-status-text" className="truncate">{statusText}</span>
    </div>
  );
}
