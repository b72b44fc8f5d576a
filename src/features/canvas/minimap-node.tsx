/**
 * Mini-map rectangle coloured by live status, read by id like the canvas nodes (a group
 * takes its most urgent member's status). React Flow's `nodeColor` callback would only
 * re-run when the nodes array changes, which a status change never does.
 */
import type { MiniMapNodeProps } from '@xyflow/react';
import { memo, use, useMemo } from 'react';

import { GroupMembersContext } from '@/features/canvas/canvas-context';
import { STATUS_FILL } from '@/features/canvas/status-style';
import { useGroupStatus } from '@/features/canvas/use-node-state';

export const MiniMapStatusNode = memo(function MiniMapStatusNode({ id, x, y, width, height, borderRadius }: MiniMapNodeProps) {
  const own = useMemo(() => [id], [id]);
  const members = use(GroupMembersContext)[id] ?? own;
  const status = useGroupStatus(members);
  return <rect x={x} y={y} width={width} height={height} rx={borderRadius} ry={borderRadius} fill={STATUS_FILL[status]} />;
});
