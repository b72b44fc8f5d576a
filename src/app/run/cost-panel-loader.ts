import type { CostPanel } from '@/features/cost/cost-panel';

let loaded: typeof CostPanel | undefined;

/**
 * Fetches the cost tab's chunk (recharts); once it is here the side panel renders it
 * directly. A replay starts this while its recording decodes (the cost tab is the one a
 * run view opens on), so the tab neither waits for the chunk after the run is read nor
 * suspends. On its own, without the side panel's code, so the replay page can ask for it
 * before the run view's chunks.
 */
export const loadCostPanel = () => import('@/features/cost/cost-panel').then((m) => (loaded = m.CostPanel));

/** The cost tab's component once its chunk is here, else undefined. */
export const loadedCostPanel = () => loaded;
