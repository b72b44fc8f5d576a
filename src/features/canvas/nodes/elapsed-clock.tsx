/**
 * A node's elapsed time, written straight into the DOM (features/canvas/README.md).
 *
 * Why not React state: a ticking clock in state would re-render its node every second,
 * and with hundreds of running nodes the canvas would re-render all the time. Instead
 * this span subscribes transiently to its node's entry and to the shared ticker, and
 * sets `textContent`; React renders it once.
 */
import { memo, useEffect, useRef } from 'react';

import { formatDuration } from '@/lib/format-duration';
import type { NodeState } from '@/stores/node-types';
import { nodeOf } from '@/stores/node-map';
import { useRunSession } from '@/stores/run-session';
import { sessionNow } from '@/stores/session-clock';

import { LIVE_STATUSES } from '@/features/canvas/status-style';
import { subscribeTick } from '@/features/canvas/tick';

export function elapsedText(node: NodeState | undefined, nowMs: number): string {
  if (node?.startedAtMs === undefined) return '';
  const live = node.endedAtMs === undefined && LIVE_STATUSES.has(node.status);
  const end = live ? nowMs : (node.endedAtMs ?? nowMs);
  return formatDuration(end - node.startedAtMs);
}

export const ElapsedClock = memo(function ElapsedClock({ nodeId }: { nodeId: string }) {
  const session = useRunSession();
  const store = session.nodeStatus;
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let stopTick: (() => void) | undefined;
    const paint = () => {
      const node = nodeOf(store.getState().byId, nodeId);
      const text = elapsedText(node, sessionNow(session)); // the replay clock in a replay
      if (ref.current && ref.current.textContent !== text) ref.current.textContent = text;
      const live = node?.startedAtMs !== undefined && node.endedAtMs === undefined && LIVE_STATUSES.has(node.status);
      if (live && !stopTick) stopTick = subscribeTick(paint);
      if (!live && stopTick) {
        stopTick();
        stopTick = undefined;
      }
    };
    paint();
    const unsubscribe = store.subscribe((state, prev) => {
      if (nodeOf(state.byId, nodeId) !== nodeOf(prev.byId, nodeId)) paint();
    });
    return () => {
      unsubscribe();
      stopTick?.();
    };
  }, [session, store, nodeId]);
  return <span ref={ref} className="tabular-nums" title="elapsed" data-testid="node-elapsed" />;
});
