/**
 * A moment as a person reads it: the time of day ("14:03:07") when it is today, and the
 * date with it ("2 Jan 2026, 14:03:07") when it is not — a replay of last week's run must
 * not read as this afternoon. 24-hour, en-GB, so the width does not jump with AM/PM.
 * Pure; guarded by format-clock-time.test.ts.
 */
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export function formatClockTime(atMs: number, nowMs: number = Date.now()): string {
  const at = new Date(atMs);
  const now = new Date(nowMs);
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return (sameDay ? TIME : DATE_TIME).format(at);
}
