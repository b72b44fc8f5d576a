import { PANEL_LOADING } from '@/app/run/panel-loading';
import { preloadable } from '@/components/ui/preloadable';

/**
 * The run graph's code (React Flow, the layouts, the overview's loader): asked for by a
 * run page's route as the page's own code loads (app.tsx), drawn by the run view.
 */
export const runCanvas = preloadable(() => import('@/features/canvas/run-canvas').then((m) => m.RunCanvas), PANEL_LOADING);
