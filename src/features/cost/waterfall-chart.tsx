/**
 * The waterfall as a recharts ComposedChart: each node's bar floats from where the previous
 * node ended (a ranged bar: its low and high end); a step line traces the running total.
 * View-only: takes the derived bars. Sized by its parent when ResizeObserver exists
 * (browsers), at a fixed width otherwise (jsdom), so it never renders at zero size.
 *
 * No label is measured in the DOM. Recharts' "preserve" tick modes measure every label on
 * each render to see which fit, and its tick text measures every word to wrap it to the
 * axis's width; scrubbing a replay renders this chart for each position with new labels
 * and amounts. Profiled in Chromium (30 scrubber seeks of a 100k-frame run), that
 * measuring forced a layout per new word and was the biggest part of each seek's render.
 * So the axes pick their labels by count, and draw them as plain SVG text (AxisTick); long
 * labels are cut (the tooltip and the table below give them whole), at most X_LABELS of
 * them share the axis. The running total is an unfilled Area, not a Line: recharts' Line
 * asks its path for its length on every render (for an animation this chart turns off),
 * which forced another layout per seek. A ranged bar draws one rectangle per node where a
 * transparent stacked base drew two.
 */
import { memo, useMemo } from 'react';
import { Area, Bar, type BarShapeProps, CartesianGrid, ComposedChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatMoney } from '@/lib/format-money';

import type { WaterfallBar } from '@/features/cost/derive-waterfall';

const HEIGHT = 220;
// Props recharts compares between renders are kept the same objects: its axes and tooltip
// skip a render whose props are unchanged, and a changed axis is written into the chart's
// store again, which has every part of the chart re-select its state (on each seek).
const MARGIN = { top: 8, right: 12, bottom: 4, left: 8 } as const;
const TOOLTIP_CONTENT = { fontSize: 12 } as const;
const TOOLTIP_LABEL = { color: '#18181b' } as const;
const INITIAL_SIZE = { width: 600, height: HEIGHT } as const;
const FONT_SIZE = 11;
/** In front of the bars, where recharts draws a Line (an Area sits behind them by default). */
const LINE_Z = 400;
/** Node labels written on the x axis at most (every k-th bar's), and their length at most. */
const X_LABELS = 3;
const LABEL_CHARS = 14;

/** Bars skipped between two labelled ones, so at most X_LABELS are labelled. */
export function labelInterval(bars: number): number {
  return Math.max(0, Math.ceil(bars / X_LABELS) - 1);
}

type TickProps = Readonly<{ x?: number | string; y?: number | string; textAnchor?: string; verticalAnchor?: string; index?: number; payload?: { value?: unknown }; tickFormatter?: (value: unknown, index: number) => string }>;

/** Where recharts' text puts a one-line label against its anchor point. */
const DY: Readonly<Record<string, string>> = { start: '0.71em', middle: '0.355em' };

/** One axis label as plain SVG text, placed as recharts places its own (one line, not wrapped). */
function AxisTick({ x, y, textAnchor, verticalAnchor, index = 0, payload, tickFormatter }: TickProps) {
  const value = payload?.value;
  const text = tickFormatter ? tickFormatter(value, index) : String(value);
  const anchor = textAnchor === 'start' || textAnchor === 'middle' ? textAnchor : 'end';
  return (
    <text x={x} y={y} dy={DY[verticalAnchor ?? ''] ?? 0} textAnchor={anchor} fill="currentColor" fontSize={FONT_SIZE}>
      {text}
    </text>
  );
}

/**
 * A node's bar as one plain SVG rect. recharts' default bar shape (Rectangle) keeps hooks
 * for an update animation this chart turns off and filters every prop it is given for
 * event handlers; a seek re-makes every bar (recharts keys a bar by its position and
 * value, which a seek changes), so that work was paid for each bar on each seek.
 */
export function BarShape({ x, y, width, height, fill }: BarShapeProps) {
  if (!(width > 0) || height === 0 || !Number.isFinite(y)) return null;
  return <rect className="recharts-rectangle" x={x} y={Math.min(y, y + height)} width={width} height={Math.abs(height)} fill={fill} />;
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

export type WaterfallChartProps = Readonly<{ bars: readonly WaterfallBar[]; currency: string }>;

/** Memoised: a render of the cost panel whose bars are the same objects leaves the chart alone. */
export const WaterfallChart = memo(function WaterfallChart({ bars, currency }: WaterfallChartProps) {
  const interval = labelInterval(bars.length);
  // The chart's parts as the same elements while the currency and bar count stay: a seek
  // renders the chart for its new data, and recharts' parts then render from its store;
  // parts not made anew skip the first of those two renders (it drew the old data).
  const parts = useMemo(() => chartParts(currency, interval), [currency, interval]);
  const chart = (
    <ComposedChart data={bars as WaterfallBar[]} margin={MARGIN} width={600} height={HEIGHT}>
      {parts}
    </ComposedChart>
  );
  if (typeof ResizeObserver === 'undefined') return <div className="overflow-x-auto">{chart}</div>;
  return (
    <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={INITIAL_SIZE}>
      {chart}
    </ResponsiveContainer>
  );
});

/** The grid, axes, tooltip and series, drawn in one currency with every interval-th x label. */
function chartParts(currency: string, interval: number) {
  const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value, currency) : String(value));
  // A ranged bar's value is its [low, high]; the tooltip says the node's own cost.
  const amount = (value: unknown) => (Array.isArray(value) ? money(Number(value[1]) - Number(value[0])) : money(value));
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} vertical={false} />
      <XAxis dataKey="label" tick={AxisTick} interval={interval} tickFormatter={shortLabel} />
      <YAxis tick={AxisTick} tickFormatter={money} width={72} interval={0} />
      <Tooltip formatter={(value, name) => [amount(value), String(name)]} contentStyle={TOOLTIP_CONTENT} labelStyle={TOOLTIP_LABEL} />
      <Bar dataKey={barRange} name="Node cost" fill="#0ea5e9" shape={BarShape} isAnimationActive={false} />
      <Area dataKey="running" name="Running total" type="stepAfter" stroke="#f59e0b" strokeWidth={2} fill="none" dot={false} isAnimationActive={false} zIndex={LINE_Z} />
    </>
  );
}
