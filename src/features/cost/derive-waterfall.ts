/**
 * The cost waterfall's data: one floating bar per node, in the order nodes finished
 * costing (the row of each node's last cost point), each starting where the previous
 * ended, with the running total after it. Pure; guarded by derive-waterfall.test.ts.
 *
 * Chart encoding: a stacked invisible `base` plus a visible `size` draws the floating
 * bar; a negative point (a refund) floats down, so base is the lower end and size the
 * absolute change. Points without a node are gathered under RUN_KEY.
 */
import type { CostPoint } from '@/stores/run-types';
import { checkpointedFold, copyRecords } from '@/lib/checkpointed-fold';
import { costSumFold } from '@/lib/sum-cost-by';

export const RUN_KEY = '(run)';

export type WaterfallBar = Readonly<{
  nodeId: string;
  label: string;
  /** This node's signed total, in micro-units. */
  micros: number;
  /** Lower end of the floating bar and its height (both ≥ the chart's zero when totals are). */
  base: number;
  size: number;
  /** Running total after this node. */
  running: number;
  inputTokens: number;
  outputTokens: number;
  /** Row of this node's last cost point (the sort key). */
  lastRow: number;
}>;

type Acc = { micros: number; inputTokens: number; outputTokens: number; lastRow: number };

/** Each node's sums, from the nearest sums kept for these points (lib/checkpointed-fold.ts: a seek or a batch sums only what is new). */
const sumsByNode = checkpointedFold<CostPoint, Map<string, Acc>>({
  start: () => new Map(),
  add: (byNode, point) => {
    const key = point.nodeId ?? RUN_KEY;
    const acc = byNode.get(key) ?? { micros: 0, inputTokens: 0, outputTokens: 0, lastRow: point.row };
    acc.micros += point.micros;
    acc.inputTokens += point.inputTokens;
    acc.outputTokens += point.outputTokens;
    acc.lastRow = Math.max(acc.lastRow, point.row);
    byNode.set(key, acc);
  },
  copy: copyRecords,
});

const sumsByModel = checkpointedFold(costSumFold((point: CostPoint) => point.model ?? 'unknown model'));

export function deriveWaterfall(points: readonly CostPoint[], labelOf: (nodeId: string) => string = (id) => id): WaterfallBar[] {
  const ordered = [...sumsByNode(points).entries()].sort((a, b) => a[1].lastRow - b[1].lastRow);
  let running = 0;
  return ordered.map(([nodeId, acc]) => {
    const start = running;
    running += acc.micros;
    return {
      nodeId,
      label: nodeId === RUN_KEY ? 'Run (no node)' : labelOf(nodeId),
      micros: acc.micros,
      base: Math.min(start, running),
      size: Math.abs(acc.micros),
      running,
      inputTokens: acc.inputTokens,
      outputTokens: acc.outputTokens,
      lastRow: acc.lastRow,
    };
  });
}

/**
 * At most `max` bars: consecutive bars (in completion order) merged into one per group,
 * floating from the running total before the group to the one after it. Why: a run of a
 * thousand nodes drew a thousand bars half a pixel wide — none visible — and rendering
 * them was most of a replay scrub step in Chromium (bench 10's profile).
 */
export function groupWaterfall(bars: readonly WaterfallBar[], max: number): readonly WaterfallBar[] {
  if (bars.length <= max) return bars;
  const size = Math.ceil(bars.length / max);
  const groups: WaterfallBar[] = [];
  for (let from = 0; from < bars.length; from += size) {
    const group = bars.slice(from, from + size);
    const first = group[0] as WaterfallBar;
    const last = group[group.length - 1] as WaterfallBar;
    const start = groups.at(-1)?.running ?? 0;
    const micros = group.reduce((sum, bar) => sum + bar.micros, 0);
    groups.push({
      nodeId: first.nodeId,
      label: group.length === 1 ? first.label : `${first.label} … ${last.label} (${group.length} nodes)`,
      micros,
      base: Math.min(start, last.running),
      size: Math.abs(last.running - start),
      running: last.running,
      inputTokens: group.reduce((sum, bar) => sum + bar.inputTokens, 0),
      outputTokens: group.reduce((sum, bar) => sum + bar.outputTokens, 0),
      lastRow: last.lastRow,
    });
  }
  return groups;
}

/** A run of up to this many nodes gets a bar per node. */
export const BARS_PER_NODE_UP_TO = 60;
/** Groups a longer run is drawn as, at most. */
export const GROUPS_AT_MOST = 30;

/**
 * The bars a waterfall draws: one per node up to BARS_PER_NODE_UP_TO nodes, else at most
 * GROUPS_AT_MOST groups. A longer run's groups hide its nodes anyway (the tooltip and the
 * table give each group's exact sums); drawn as up to 60 groups, recharts made every bar
 * anew on each replay seek (it keys a bar by where it is drawn), about 0.1 ms a bar.
 */
export function barsToDraw(bars: readonly WaterfallBar[]): readonly WaterfallBar[] {
  return bars.length <= BARS_PER_NODE_UP_TO ? bars : groupWaterfall(bars, GROUPS_AT_MOST);
}

export type ModelCost = Readonly<{ model: string; micros: number; inputTokens: number; outputTokens: number; calls: number; priced: boolean }>;

/** Cost and tokens per model, most expensive first; points without a model read "unknown model". */
export function deriveModelBreakdown(points: readonly CostPoint[]): ModelCost[] {
  return [...sumsByModel(points).entries()]
    .map(([model, { count, ...sum }]) => ({ model, ...sum, calls: count }))
    .sort((a, b) => b.micros - a.micros || a.model.localeCompare(b.model));
}
