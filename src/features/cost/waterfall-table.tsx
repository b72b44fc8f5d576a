/**
 * The waterfall as a table: the chart's text alternative (visually hidden by default).
 * Rows are keyed by their place, not their node: a grouped bar's first node changes as a
 * replay seeks (the groups are cut again), and keyed by node every row was made anew.
 */
import { formatMoney } from '@/lib/format-money';

import type { WaterfallBar } from '@/features/cost/derive-waterfall';

export type WaterfallTableProps = Readonly<{ bars: readonly WaterfallBar[]; currency: string; className?: string }>;

export function WaterfallTable({ bars, currency, className = 'sr-only' }: WaterfallTableProps) {
  return (
    <table className={className}>
      <caption>Cost by node, in order of completion</caption>
      <thead>
        <tr>
          <th scope="col">Node</th>
          <th scope="col">Cost</th>
          <th scope="col">Running total</th>
        </tr>
      </thead>
      <tbody>
        {bars.map((bar, slot) => (
          <tr key={slot}>
            <th scope="row">{bar.label}</th>
            <td>{formatMoney(bar.micros, currency)}</td>
            <td>{formatMoney(bar.running, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
