/**
 * The two timelines aligned by step: in each row, when the step ran in A and in B, each on
 * its own run's clock (from that run's start) and both on one scale, so the bars compare.
 */
import { formatDuration } from '@/lib/format-duration';

import type { StepFacts } from '@/features/compare/compare-types';
import { SIDE_CLASS } from '@/features/compare/run-card';

export type Axis = Readonly<{ startA?: number; startB?: number; spanMs: number }>;

type Props = Readonly<{ a?: StepFacts; b?: StepFacts; axis: Axis }>;

export function StepBars({ a, b, axis }: Props) {
  const barA = bar(a, axis.startA, axis.spanMs);
  const barB = bar(b, axis.startB, axis.spanMs);
  const text = `A ${barA?.text ?? 'did not run'}; B ${barB?.text ?? 'did not run'}`;
  return (
    <div className="relative h-5 w-full min-w-24" role="img" aria-label={text} title={text}>
      <Bar side="A" place={barA} top="top-0.5" />
      <Bar side="B" place={barB} top="top-3" />
    </div>
  );
}

type Place = { left: number; width: number; text: string };

function bar(step: StepFacts | undefined, start: number | undefined, span: number): Place | undefined {
  if (!step || step.startedAtMs === undefined || start === undefined || span <= 0) return undefined;
  const from = Math.max(0, step.startedAtMs - start);
  const to = step.endedAtMs !== undefined ? Math.max(from, step.endedAtMs - start) : from;
  const text = step.endedAtMs !== undefined ? `from ${formatDuration(from)} to ${formatDuration(to)}` : `from ${formatDuration(from)}, no end reported`;
  return { left: Math.min(100, (from / span) * 100), width: Math.max(0.8, ((to - from) / span) * 100), text };
}

function Bar({ side, place, top }: { side: 'A' | 'B'; place: Place | undefined; top: string }) {
  if (!place) return null;
  return <span className={`absolute ${top} h-1.5 rounded-sm ${SIDE_CLASS[side]}`} style={{ left: `${place.left}%`, width: `${Math.min(place.width, 100 - place.left)}%` }} />;
}

/** Each run from its own start; one span for both (the longer run's), so equal lengths mean equal times. */
export function axisOf(stepsA: readonly StepFacts[], stepsB: readonly StepFacts[], runStartA?: number, runStartB?: number): Axis {
  const startA = runStartA ?? firstStart(stepsA);
  const startB = runStartB ?? firstStart(stepsB);
  const span = Math.max(lastEnd(stepsA, startA), lastEnd(stepsB, startB));
  return { ...(startA !== undefined ? { startA } : {}), ...(startB !== undefined ? { startB } : {}), spanMs: span };
}

function firstStart(steps: readonly StepFacts[]): number | undefined {
  let first: number | undefined;
  for (const s of steps) if (s.startedAtMs !== undefined && (first === undefined || s.startedAtMs < first)) first = s.startedAtMs;
  return first;
}

function lastEnd(steps: readonly StepFacts[], start: number | undefined): number {
  if (start === undefined) return 0;
  let last = 0;
  for (const s of steps) last = Math.max(last, (s.endedAtMs ?? s.startedAtMs ?? start) - start);
  return last;
}
