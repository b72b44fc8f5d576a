/**
 * The page of bench/cost-chart-ab.ts: the cost waterfall (chart and its table) of two
 * builds of our code side by side, one React root each, driven through the same random
 * "seeks" (a prefix of one run's cost points), in alternating blocks, each block between
 * two user-timing marks so the driver can sum the main thread's CPU inside it.
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

import type { CostPoint } from '@/stores/run-types';

/** One build's waterfall (chart and table) for a run's cost points so far; bench/cost-chart-ab.ts writes one per build. */
export type CostChartBlock = Readonly<{ render: (points: readonly CostPoint[]) => ReactNode }>;

/** A run of `nodes` nodes and about eight cost points each; a node's points spread over a stretch of rows. */
function costPoints(nodes: number): CostPoint[] {
  const points: CostPoint[] = [];
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let row = 0; row < nodes * 8; row++) {
    const node = Math.min(nodes - 1, Math.floor(row / 8 + random() * 3));
    points.push({ row, nodeId: `d${String(node).padStart(4, '0')}`, micros: 300 + Math.floor(random() * 700), inputTokens: 300, outputTokens: 3, model: 'gpt-4o-mini' });
  }
  return points;
}

declare global {
  interface Window {
    costAb: { seek: (variant: 'base' | 'next', points: number) => Promise<void>; total: number };
  }
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Mounts both builds' waterfalls in #base and #next and exposes `window.costAb` to the driver. */
export function mountCostAb(base: CostChartBlock, next: CostChartBlock, nodes: number): void {
  const points = costPoints(nodes);
  const roots: Record<'base' | 'next', [Root, CostChartBlock]> = {
    base: [createRoot(document.getElementById('base') as HTMLElement), base],
    next: [createRoot(document.getElementById('next') as HTMLElement), next],
  };
  window.costAb = {
    total: points.length,
    async seek(variant, count) {
      const [root, block] = roots[variant];
      flushSync(() => root.render(block.render(points.slice(0, count))));
      await frame();
      await frame();
    },
  };
}
