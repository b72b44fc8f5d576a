/**
 * The waterfall's marks — one floating rect per bar and the running total's step line —
 * drawn as one layer inside the recharts chart, placed by the chart's own axis scales
 * (recharts' `useXAxisScale` / `useYAxisScale`). Why not recharts' Bar and Area: each
 * keeps a store of its own and re-renders a tree of label, clip, animation and shape
 * components on every change of data. A replay seek changes the data every time: in
 * Chromium the cost tab was about a third of a seek's main-thread time (60–67 ms of CPU per
 * seek with it shown, 39 ms with the node details tab), and the two series most of that:
 * without them the chart takes 0.63× the CPU per seek (bench/cost-chart-ab.ts). Here a seek
 * re-renders one component that writes the rects and one path. The layer takes no pointer
 * events: recharts' tooltip follows the pointer over the whole plot, bars and line included.
 */
import { type ScaleFunction, useXAxisScale, useYAxisScale } from 'recharts';

import type { WaterfallBar } from '@/features/cost/derive-waterfall';

const BAR_FILL = '#0ea5e9';
const LINE_STROKE = '#f59e0b';
/** The share of a bar's slot its rect fills (recharts' default bar gap is 10 % each side). */
const BAR_SHARE = 0.8;

/** A bar's rect: its slot's middle 80 %, from the low end to the high end; undefined when an axis has no place for it. */
export function barRect(bar: WaterfallBar, slot: number, x: ScaleFunction, y: ScaleFunction): { x: number; y: number; width: number; height: number } | undefined {
  const start = x(slot, { position: 'start' });
  const end = x(slot, { position: 'end' });
  const low = y(bar.base);
  const high = y(bar.base + bar.size);
  if (start === undefined || end === undefined || low === undefined || high === undefined) return undefined;
  const width = (end - start) * BAR_SHARE;
  return { x: start + (end - start - width) / 2, y: Math.min(low, high), width, height: Math.abs(low - high) };
}

/** The running total as a step line: level across each bar's slot, stepping at the slot's start. */
export function runningPath(bars: readonly WaterfallBar[], x: ScaleFunction, y: ScaleFunction): string {
  let path = '';
  bars.forEach((bar, slot) => {
    const start = x(slot, { position: 'start' });
    const end = x(slot, { position: 'end' });
    const level = y(bar.running);
    if (start === undefined || end === undefined || level === undefined) return;
    path += `${path === '' ? 'M' : 'L'}${start},${level}H${end}`;
  });
  return path;
}

export function WaterfallMarks({ bars }: Readonly<{ bars: readonly WaterfallBar[] }>) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  if (!x || !y) return null;
  return (
    <g className="waterfall-marks" pointerEvents="none">
      {bars.map((bar, slot) => {
        const rect = barRect(bar, slot, x, y);
        return rect && rect.height > 0 ? <rect key={slot} className="recharts-rectangle" {...rect} fill={BAR_FILL} /> : null;
      })}
      <path d={runningPath(bars, x, y)} fill="none" stroke={LINE_STROKE} strokeWidth={2} />
    </g>
  );
}
