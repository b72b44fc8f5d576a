/**
 * Keeps the whole graph in view as steps arrive — until the person pans or zooms.
 *
 * Why: a run usually starts with one step, so a fit on the first layout alone would leave
 * later steps off-screen. After any manual move (React Flow passes an event only for user
 * moves; programmatic ones get `null`) or a zoom button, the viewport is theirs; pressing
 * the Fit control hands it back to auto-fit.
 */
import { useReactFlow, type OnMoveStart } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';

import type { LayoutResult } from '@/features/canvas/layout/layout-types';

const FIT_OPTIONS = { maxZoom: 1, padding: 0.15 } as const;

export type AutoFit = Readonly<{ onMoveStart: OnMoveStart; onManualZoom: () => void; onFitView: () => void }>;

export function useAutoFit(layout: LayoutResult | undefined): AutoFit {
  const flow = useReactFlow();
  const userMoved = useRef(false);
  useEffect(() => {
    if (!layout || userMoved.current) return;
    // After React Flow's own store update for these nodes (its effects ran before ours).
    const frame = requestAnimationFrame(() => void flow.fitView(FIT_OPTIONS));
    return () => cancelAnimationFrame(frame);
  }, [flow, layout]);
  const onMoveStart = useCallback<OnMoveStart>((event) => {
    if (event) userMoved.current = true;
  }, []);
  return useMemo(
    () => ({
      onMoveStart,
      onManualZoom: () => void (userMoved.current = true),
      onFitView: () => void (userMoved.current = false),
    }),
    [onMoveStart],
  );
}
