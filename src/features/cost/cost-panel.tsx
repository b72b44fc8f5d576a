/**
 * The run's cost: total, a waterfall by node (with a text alternative), and a breakdown
 * by model and tokens. Container: reads `cost` (a reference the reducer replaces only on
 * cost events) and `graph` (labels), derives with useMemo keyed on those references,
 * so token batches never re-derive. Updates live as cost points arrive.
 */
import { useMemo } from 'react';

import { formatMoney } from '@/lib/format-money';
import { useCostState, useGraphState } from '@/stores/panel-selectors';
import type { CostState } from '@/stores/run-types';

import { barsToDraw, deriveModelBreakdown, deriveWaterfall, type WaterfallBar } from '@/features/cost/derive-waterfall';
import { ModelBreakdownTable } from '@/features/cost/model-breakdown-table';
import { WaterfallChart } from '@/features/cost/waterfall-chart';
import { WaterfallTable } from '@/features/cost/waterfall-table';

export type CostPanelProps = Readonly<{ className?: string }>;

export function CostPanel({ className = '' }: CostPanelProps) {
  const cost = useCostState();
  const graph = useGraphState();
  const bars = useMemo(() => deriveWaterfall(cost.points, (id) => graph.nodes[id]?.label ?? id), [cost.points, graph.nodes]);
  const shown = useMemo(() => barsToDraw(bars), [bars]);
  const models = useMemo(() => deriveModelBreakdown(cost.points), [cost.points]);
  const sum = bars.at(-1)?.running ?? 0;
  const total = formatMoney(cost.totalMicros, cost.currency);

  return (
    <section aria-label="Cost" className={`flex flex-col gap-2 p-2 text-sm text-zinc-900 dark:text-zinc-100 ${className}`}>
      <p>
        Total cost: {cost.costReported ? <strong>{total}</strong> : <span className="text-zinc-600 italic dark:text-zinc-400">no cost reported</span>}
        {cost.points.length > 0 && cost.totalMicros !== sum && (
          <span className="ml-2 text-xs text-zinc-600 dark:text-zinc-400">(backend total; points sum to {formatMoney(sum, cost.currency)})</span>
        )}
      </p>
      {!cost.costReported && <p className="text-zinc-600 dark:text-zinc-400">{tokensLine(cost)}</p>}
      {!cost.costReported ? null : cost.points.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">The backend stated a total but no cost per node.</p>
      ) : (
        <>
          <figure aria-label={summarize(bars, cost.currency)} className="text-zinc-600 dark:text-zinc-300">
            <WaterfallChart bars={shown} currency={cost.currency} />
            <WaterfallTable bars={shown} currency={cost.currency} />
          </figure>
          <ModelBreakdownTable models={models} currency={cost.currency} inputTokens={cost.inputTokens} outputTokens={cost.outputTokens} />
        </>
      )}
    </section>
  );
}

/** What a run without a stated price did report: its tokens, or that there were none either. */
function tokensLine({ tokensReported, inputTokens, outputTokens, unsplitTokens }: CostState): string {
  if (!tokensReported) return 'The backend reported no cost and no tokens for this run (yet).';
  const n = (v: number) => v.toLocaleString('en-US');
  const split = `${n(inputTokens)} in / ${n(outputTokens)} out${unsplitTokens > 0 ? ` / ${n(unsplitTokens)} not split` : ''}`;
  return `The backend reported tokens but no price: ${n(inputTokens + outputTokens + unsplitTokens)} tokens (${split}).`;
}

function summarize(bars: readonly WaterfallBar[], currency: string): string {
  const top = bars.reduce<WaterfallBar | undefined>((best, bar) => (best === undefined || bar.micros > best.micros ? bar : best), undefined);
  const total = formatMoney(bars.at(-1)?.running ?? 0, currency);
  const most = top ? `; most expensive: ${top.label} at ${formatMoney(top.micros, currency)}` : '';
  return `Cost waterfall: ${bars.length} ${bars.length === 1 ? 'node' : 'nodes'}, running total ${total}${most}`;
}
