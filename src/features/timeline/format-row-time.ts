/**
 * Row times as HH:MM:SS.mmm: relative to the run's start when it is known ("+" prefix),
 * else the local wall clock. Pure; guarded by format-row-time.test.ts.
 */
export function formatRowTime(atMs: number | undefined, baseMs: number | undefined): string {
  if (atMs === undefined) return '—';
  if (baseMs !== undefined) {
    const delta = atMs - baseMs;
    return `${delta < 0 ? '-' : '+'}${clock(Math.abs(delta))}`;
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
