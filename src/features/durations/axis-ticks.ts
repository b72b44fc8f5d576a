/**
 * Tick marks for a time axis of `spanMs`: round steps (0.1 s … 1 h) so that about
 * `target` ticks fit, each labelled as an offset from the start. Pure; axis-ticks.test.ts.
 */
import { formatDuration } from '@/lib/format-duration';

const STEPS_MS = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000];

export type Tick = Readonly<{ offsetMs: number; label: string }>;

export function axisTicks(spanMs: number, target = 6): Tick[] {
  if (!(spanMs > 0)) return [{ offsetMs: 0, label: '0s' }];
  const step = STEPS_MS.find((s) => spanMs / s <= target) ?? Math.ceil(spanMs / target / 3_600_000) * 3_600_000;
  const ticks: Tick[] = [];
  for (let offset = 0; offset <= spanMs; offset += step) ticks.push({ offsetMs: offset, label: offset === 0 ? '0s' : formatDuration(offset) });
  return ticks;
}
