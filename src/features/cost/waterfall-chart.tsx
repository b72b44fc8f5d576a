/**
 * The waterfall chart: each node's bar floats from where the previous node ended (its low
 * and high end), and a step line traces the running total. View-only: takes the derived
 * bars (at most cost-panel.tsx's MAX_BARS).
 *
 * Drawn by hand, with no chart library and nothing measured. Why: scrubbing a replay
 * renders this chart for every position, and recharts (its store, selectors, and one
 * component per bar, tick and label) was about a third of each seek's main-thread time in
 * Chromium (bench/replay-scrub-profile.ts --trace, 30 seeks of a 100k-frame run). Here the
 * bars and the line are one SVG in the data's own units, stretched over the plot
 * (`preserveAspectRatio="none"`, strokes kept at screen width), and the axis labels and
 * grid lines are placed in percent of the plot: the chart fits any width without a
 * ResizeObserver or a read of the layout. Hovering a bar names it and its amounts (an SVG
 * title); the table beside the chart (waterfall-table.tsx) is its text alternative.
 */
import { memo } from 'react';

import { formatMoney } from '@/lib/format-money';

import type { WaterfallBar } from '@/features/cost/derive-waterfall';
import { moneyScale } from '@/features/cost/money-ticks';

const HEIGHT = 220;
/** Node labels written on the x axis at most (every k-th bar's), and their length at most. */
const X_LABELS = 3;
const LABEL_CHARS = 14;
/** Of each bar's slot, the part the bar fills, and the gap before it. */
const BAR_WIDTH = 0.8;
const BAR_INSET = 0.1;

/** Bars skipped between two labelled ones, so at most X_LABELS are labelled. */
export function labelInterval(bars: number): number {
  return Math.max(0, Math.ceil(bars / X_LABELS) - 1);
}

/** A bar's low and high end (a refund floats down: its base is the low end). */
export function barRange(bar: WaterfallBar): [number, number] {
  return [bar.base, bar.base + bar.size];
}

/** A label cut to LABEL_CHARS characters (an ellipsis says it was). */
export function shortLabel(label: unknown): string {
  const text = String(label);
  return text.length <= LABEL_CHARS ? text : `${text.slice(0, LABEL_CHARS - 1)}…`;
}

/**
 * Every bar as one path (x: bar slots, y: amount down from `high`): a seek that changes
 * every amount then changes one attribute, where a rectangle per bar had each of them
 * styled and laid out again.
 */
export function barsPath(bars: readonly WaterfallBar[], high: number): string {
  let d = '';
  bars.forEach((bar, i) => {
    const [from, to] = barRange(bar);
    if (to > from) d += `M${i + BAR_INSET} ${high - to}h${BAR_WIDTH}v${to - from}h${-BAR_WIDTH}z`;
  });
  return d;
}

/** The running total's step line in the plot's units (x: bar slots, y: amount down from `high`). */
export function runningPath(bars: readonly WaterfallBar[], high: number): string {
  let at = high;
  let d = `M0 ${at}`;
  bars.forEach((bar, i) => {
    at = high - bar.running;
    d += `V${at}H${i + 1}`;
  });
  return d;
}

export type WaterfallChartProps = Readonly<{ bars: readonly WaterfallBar[]; currency: string }>;

export const WaterfallChart = memo(function WaterfallChart({ bars, currency }: WaterfallChartProps) {
  const highs = bars.map((bar) => Math.max(bar.base + bar.size, bar.running));
  const { low, high, ticks } = moneyScale(Math.min(0, ...bars.map((bar) => bar.base)), Math.max(0, ...highs));
  const span = high - low;
  const n = Math.max(1, bars.length);
  const every = labelInterval(bars.length) + 1;
  const top = (value: number) => `${((high - value) / span) * 100}%`;
  return (
    <div aria-hidden className="grid text-[11px]" style={{ height: HEIGHT, gridTemplateColumns: '72px 1fr', gridTemplateRows: '1fr 22px' }}>
      <div className="relative mt-2">
        {ticks.map((value, i) => (
          <span key={i} className="absolute right-1.5 -translate-y-1/2 whitespace-nowrap tabular-nums" style={{ top: top(value) }}>
            {formatMoney(value, currency)}
          </span>
        ))}
      </div>
      <div className="relative mt-2 mr-3 border-b border-l border-current">
        {ticks.map((value, i) => (
          <div key={i} className="absolute inset-x-0 border-t border-dashed border-current opacity-30" style={{ top: top(value) }} />
        ))}
        <svg className="absolute inset-0 h-full w-full overflow-visible" viewBox={`0 0 ${n} ${span}`} preserveAspectRatio="none">
          <path d={barsPath(bars, high)} fill="#0ea5e9" />
          <path d={runningPath(bars, high)} fill="none" stroke="#f59e0b" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          {bars.map((bar, i) => (
            // The whole slot answers hover, so a thin bar is easy to point at. Keyed by slot:
            // a replay's seek regroups the bars, and only the titles change.
            <rect key={i} x={i} width={1} y={0} height="100%" fill="transparent">
              <title>{`${bar.label}: ${formatMoney(bar.micros, currency)}; running total ${formatMoney(bar.running, currency)}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div />
      <div className="relative mr-3">
        {bars.map((bar, i) =>
          i % every === 0 ? (
            <span key={i} className="absolute top-1 -translate-x-1/2 whitespace-nowrap" style={{ left: `${((i + 0.5) / n) * 100}%` }}>
              {shortLabel(bar.label)}
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
});
