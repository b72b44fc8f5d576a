/**
 * A smoothstep edge that animates while its target runs (for a group target: while any
 * member runs). It reads one boolean per edge from the node-status store, so a token
 * batch re-renders no edge and a status change re-renders only the edges into that node.
 */
import { BaseEdge, getSmoothStepPath, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';

import type { CanvasEdge } from '@/features/canvas/layout/layout-types';
import { useAnyRunning } from '@/features/canvas/use-node-state';

const NO_IDS: readonly string[] = [];

// `dashdraw` is React Flow's own keyframes (style.css); motion-reduce stops it.
const RUNNING_CLASS = '[stroke-dasharray:5] [animation:dashdraw_0.5s_linear_infinite] motion-reduce:[animation:none] !stroke-sky-500';

export const StatusEdge = memo(function StatusEdge(props: EdgeProps<CanvasEdge>) {
  const running = useAnyRunning(props.data?.watchIds ?? NO_IDS);
  const [path] = getSmoothStepPath({
    sourceX: props.sourceX,
    sourceY: props.sourceY,
    sourcePosition: props.sourcePosition,
    targetX: props.targetX,
    targetY: props.targetY,
    targetPosition: props.targetPosition,
    borderRadius: 8,
  });
  return (
    <BaseEdge
      id={props.id}
      path={path}
      {...(props.markerEnd !== undefined ? { markerEnd: props.markerEnd } : {})}
      className={running ? RUNNING_CLASS : undefined}
      data-running={running ? 'true' : 'false'}
    />
  );
});
