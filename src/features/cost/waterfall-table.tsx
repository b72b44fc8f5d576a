/** The waterfall as a table: the chart's text alternative (visually hidden by default). */
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
        {bars.map((bar) => (
          <tr key={bar.nodeId}>
            <th scope="row">{bar.label}</th>
            <td>{formatMoney(bar.micros, currency)}</td>
            <td>{formatMoney(bar.running, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
