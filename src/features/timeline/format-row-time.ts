/**
 * Row times as HH:MM:SS.mmm: relative to the timeline's zero when it is known ("+"
 * prefix), else the local wall clock. Pure; guarded by format-row-time.test.ts.
 */
import type { EventLog } from '@/stores/event-log';

/** Rows read from the start of the log to find the earliest time (events may precede run.started). */
const BASE_SCAN_ROWS = 20;

/**
 * The timeline's zero: the run's start, or an earlier event among its first rows (a
 * chapter or a graph a backend sends before `run.started`), so no row reads "-00:00:00.340".
 */
export function timelineBaseMs(log: EventLog, startedAtMs: number | undefined): number | undefined {
  let base = startedAtMs;
  const end = Math.min(log.length, log.firstRow + BASE_SCAN_ROWS);
  for (let row = log.firstRow; row < end; row++) {
    const atMs = log.at(row)?.event.atMs;
    if (atMs !== undefined && (base === undefined || atMs < base)) base = atMs;
  }
  return base;
}

export function formatRowTime(atMs: number | undefined, baseMs: number | undefined): string {
  if (atMs === undefined) return '—';
  if (baseMs !== undefined) {
    const delta = atMs - baseMs;
    // Out-of-order times later in the run can still fall before the zero: say so rather than round.
    return `${delta < 0 ? '−' : '+'}${clock(Math.abs(delta))}`;
  }
  const date = new Date(atMs);
  const sinceMidnight = ((date.getHours() * 60 + date.getMinutes()) * 60 + date.getSeconds()) * 1000 + date.getMilliseconds();
  return clock(sinceMidnight);
}

function clock(ms: number): string {
  const whole = Math.floor(ms);
  const h = Math.floor(whole / 3_600_000);
  const m = Math.floor((whole % 3_600_000) / 60_000);
  const s = Math.floor((whole % 60_000) / 1000);
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${pad(whole % 1000, 3)}`;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
