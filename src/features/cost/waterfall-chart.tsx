/**
 * The waterfall as a recharts ComposedChart: each node's bar floats from where the previous
 * node ended; a step line traces the running total. View-only: takes the derived bars.
 * Sized by its parent when ResizeObserver exists (browsers), at a fixed width otherwise
 * (jsdom), so it never renders at zero size.
 *
 * recharts lays the chart out (its size, margins, band x axis, y axis, grid) and follows the
 * pointer for the tooltip; the bars and the line are one layer of ours placed by its scales
 * (waterfall-marks.tsx says why). So no recharts series reads the data: the chart's data is
 * only the slots 0…n−1, the y axis gets its ticks from us (costTicks), and the tooltip's
 * content reads the bar in the pointed-at slot.
 *
 * No label is measured in the DOM. Recharts' "preserve" tick modes measure every label on
 * each render to see which fit, and its tick text measures every word to wrap it to the
 * axis's width; scrubbing a replay renders this chart for each position with new labels
 * and amounts (profiled in Chromium, that measuring forced a layout per new word). So the
 * axes pick their labels by count and draw them as plain SVG text (AxisText); long labels
 * are cut (the tooltip and the table below give them whole), at most X_LABELS of them share
 * the axis.
 */
import { createContext, memo, useContext, useEffect, useMemo, useState } from 'react';
import { CartesianGrid, ComposedChart, ResponsiveContainer, Tooltip, type TooltipContentProps, XAxis, YAxis } from 'recharts';

import { formatMoney } from '@/lib/format-money';

import type { WaterfallBar } from '@/features/cost/derive-waterfall';
import { WaterfallMarks } from '@/features/cost/waterfall-marks';

const HEIGHT = 220;
// Props recharts compares between renders are kept the same objects: its axes and tooltip
// skip a render whose props are unchanged, and a changed axis is written into the chart's
// store again, which has every part of the chart re-select its state (on each seek).
const MARGIN = { top: 8, right: 12, bottom: 4, left: 8 } as const;
const INITIAL_SIZE = { width: 600, height: HEIGHT } as const;
const FONT_SIZE = 11;
/** Node labels written on the x axis at most (every k-th bar's), and their length at most. */
const X_LABELS = 3;
const LABEL_CHARS = 14;

/** Bars skipped between two labelled ones, so at most X_LABELS are labelled. */
export function labelInterval(bars: number): number {
  return Math.max(0, Math.ceil(bars / X_LABELS) - 1);
}

/**
 * The bars drawn, for the parts that read them by slot (the x axis' labels, the tooltip).
 * The chart's own data is only the slots 0…n−1, the same objects while the bar count
 * stays: a seek that changes what the bars are, not how many, leaves the x axis as it was.
 */
const BarsContext = createContext<readonly WaterfallBar[]>([]);

type TickProps = Readonly<{ x?: number | string; y?: number | string; textAnchor?: string; verticalAnchor?: string; payload?: { value?: unknown } }>;

/** Where recharts' text puts a one-line label against its anchor point. */
const DY: Readonly<Record<string, string>> = { start: '0.71em', middle: '0.355em' };

/** One axis label as plain SVG text, placed as recharts places its own (one line, not wrapped). */
function AxisText({ x, y, textAnchor, verticalAnchor, text }: TickProps & { text: string }) {
  const anchor = textAnchor === 'start' || textAnchor === 'middle' ? textAnchor : 'end';
  return (
    <text x={x} y={y} dy={DY[verticalAnchor ?? ''] ?? 0} textAnchor={anchor} fill="currentColor" fontSize={FONT_SIZE}>
      {text}
    </text>
  );
}

/** An x label: the label of the bar in that slot, cut short. */
function SlotTick(props: TickProps) {
  const bars = useContext(BarsContext);
  return <AxisText {...props} text={shortLabel(bars[Number(props.payload?.value)]?.label ?? '')} />;
}

/** A long label cut to LABEL_CHARS characters (an ellipsis says it was). */
export function shortLabel(label: unknown): string {
  const text = String(label);
  return text.length <= LABEL_CHARS ? text : `${text.slice(0, LABEL_CHARS - 1)}…`;
}

/** Steps the y axis' ticks may take, per power of ten (1, 2, 2.5, 5: round amounts of money). */
const NICE_STEPS = [1, 2, 2.5, 5, 10];
/** Gaps between y ticks at most (recharts' default tick count, 5, is 4 gaps). */
const Y_GAPS = 4;

/**
 * The y axis' ticks: round steps from the lowest low end (or zero) up past the highest high
 * end or running total. The chart states its own scale because no recharts series reads
 * the bars (waterfall-marks.tsx says why).
 */
export function costTicks(bars: readonly WaterfallBar[]): number[] {
  let low = 0;
  let high = 0;
  for (const bar of bars) {
    low = Math.min(low, bar.base, bar.running);
    high = Math.max(high, bar.base + bar.size, bar.running);
  }
  if (high === low) return [low];
  const rough = (high - low) / Y_GAPS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = (NICE_STEPS.find((n) => n * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  // By whole steps from zero, so no tick carries a sum's rounding.
  // A sum a hair past a step (0.1 + 0.2 > 0.3) does not take one more step.
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  for (let k = first; k <= last; k++) ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}

export type WaterfallChartProps = Readonly<{ bars: readonly WaterfallBar[]; currency: string }>;

/** Memoised: a render of the cost panel whose bars are the same objects leaves the chart alone. */
export const WaterfallChart = memo(function WaterfallChart({ bars, currency }: WaterfallChartProps) {
  const count = bars.length;
  const slots = useMemo(() => Array.from({ length: count }, (_, slot) => ({ slot })), [count]);
  // The chart's parts as the same elements while the currency, bar count and y ticks stay
  // (the ticks by their values: most seeks keep the scale and move only the bars).
  const ticks = costTicks(bars).join(' ');
  const parts = useMemo(() => chartParts(currency, labelInterval(count), ticks.split(' ').map(Number)), [currency, count, ticks]);
  const chart = (
    <ComposedChart data={slots} margin={MARGIN} width={600} height={HEIGHT}>
      {parts}
      <WaterfallMarks bars={bars} />
    </ComposedChart>
  );
  const sized = typeof ResizeObserver === 'undefined' ? <div className="overflow-x-auto">{chart}</div> : <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={INITIAL_SIZE}>{chart}</ResponsiveContainer>;
  return <BarsContext.Provider value={bars}>{sized}</BarsContext.Provider>;
});

/** The grid, axes and tooltip, in one currency with every interval-th x label. */
function chartParts(currency: string, interval: number, ticks: readonly number[]) {
  const domain = [ticks[0] ?? 0, ticks.at(-1) ?? 0];
  const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value, currency) : String(value));
  const yTick = (props: TickProps) => <AxisText {...props} text={money(props.payload?.value)} />;
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} vertical={false} />
      <XAxis dataKey="slot" type="category" scale="band" tick={SlotTick} interval={interval} />
      <YAxis type="number" domain={domain} ticks={ticks as number[]} allowDataOverflow tick={yTick} width={72} interval={0} />
      <Tooltip content={({ active, activeIndex }: TooltipContentProps) => <BarTooltip active={active} activeIndex={activeIndex} currency={currency} />} wrapperStyle={SHOWN} />
    </>
  );
}

/**
 * recharts shows its tooltip only when a series gave it values; none does here, so its box
 * is always shown and BarTooltip decides: nothing unless a bar is pointed at, and nothing
 * after Escape until another bar is (what recharts' own dismissal does, WCAG 1.4.13).
 */
const SHOWN = { visibility: 'visible' } as const;

/** The pointed-at bar: its node (or group), its own cost and the running total after it. */
function BarTooltip({ active, activeIndex, currency }: Readonly<{ active: boolean | undefined; activeIndex: TooltipContentProps['activeIndex']; currency: string }>) {
  const bars = useContext(BarsContext);
  const pointed = active && activeIndex != null ? String(activeIndex) : undefined;
  const [dismissed, setDismissed] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (pointed === undefined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(pointed);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [pointed]);
  const bar = pointed === undefined || pointed === dismissed ? undefined : bars[Number(pointed)];
  if (!bar) return null;
  return (
    <div className="rounded border border-zinc-300 bg-white px-2 py-1 text-xs text-zinc-900 shadow dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
      <p className="font-medium">{bar.label}</p>
      <p className="text-sky-700 dark:text-sky-300">Node cost: {formatMoney(bar.micros, currency)}</p>
      <p className="text-amber-700 dark:text-amber-300">Running total: {formatMoney(bar.running, currency)}</p>
    </div>
  );
}
