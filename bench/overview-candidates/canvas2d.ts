/** Candidate 1: plain Canvas 2D — the product's own drawing code (draw-overview.ts). */
import { drawOverview } from '@/features/canvas/overview/draw-overview';
import { createEdgeLayer } from '@/features/canvas/overview/edge-layer';
import { createMarksLayer } from '@/features/canvas/overview/marks-layer';

import type { CreateCandidate } from './candidate';

export const create: CreateCandidate = async (stage, scene, statuses) => {
  const canvas = document.createElement('canvas');
  canvas.width = stage.clientWidth;
  canvas.height = stage.clientHeight;
  stage.appendChild(canvas);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  // A moving view draws the scaled edge copy, as the app does (it asks for a sharp one only at rest).
  const options = { theme: 'light', edges: createEdgeLayer(), marks: createMarksLayer(), inFlow: undefined, selected: -1, hovered: -1, sharp: false } as const;
  return {
    render: (view) => void drawOverview(ctx, scene, statuses, { ...view, dpr: 1 }, options),
    setStatus: (i, status) => void (statuses[i] = status),
  };
};
