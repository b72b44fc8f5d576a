/**
 * The waterfall as a recharts ComposedChart: an invisible stacked base lifts each node's
 * visible bar to where the previous node ended; a line traces the running total.
 * View-only: takes the derived bars. Sized by its parent when ResizeObserver exists
 * (browsers), at a fixed width otherwise (jsdom), so it never renders at zero size.
 */
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatMoney } from '@/lib/format-money';

import type { WaterfallBar } from '@/features/cost/derive-waterfall';

const HEIGHT = 220;
const TICK = { fill: 'currentColor', fontSize: 11 };

export type WaterfallChartProps = Readonly<{ bars: readonly WaterfallBar[]; currency: string }>;

export function WaterfallChart({ bars, currency }: WaterfallChartProps) {
  const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value, currency) : String(value));
  const chart = (
    <ComposedChart data={bars as WaterfallBar[]} margin={{ top: 8, right: 12, bottom: 4, left: 8 }} width={600} height={HEIGHT}>
      <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} vertical={false} />
      <XAxis dataKey="label" tick={TICK} interval="preserveStartEnd" />
      <YAxis tick={TICK} tickFormatter={money} width={72} />
      <Tooltip
        formatter={(value, name) => [money(value), String(name)]}
        contentStyle={{ fontSize: 12 }}
        labelStyle={{ color: '#18181b' }}
      />
      <Bar dataKey="base" stackId="waterfall" fill="transparent" isAnimationActive={false} legendType="none" tooltipType="none" />
      <Bar dataKey="size" name="Node cost" stackId="waterfall" fill="#0ea5e9" isAnimationActive={false} />
      <Line dataKey="running" name="Running total" type="stepAfter" stroke="#f59e0b" strokeWidth={2} dot={false} isAnimationActive={false} />
    </ComposedChart>
  );
  if (typeof ResizeObserver === 'undefined') return <div className="overflow-x-auto">{chart}</div>;
  return (
    <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 600, height: HEIGHT }}>
      {chart}
    </ResponsiveContainer>
  );
}
