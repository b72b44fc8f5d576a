/** When something happened, as a person scans a list: "just now", "12 s ago", "5 min ago", "3 h ago", then the date. */
export function formatAgo(atMs: number, nowMs: number): string {
  const seconds = Math.round((nowMs - atMs) / 1000);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(atMs).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

export function formatWhen(atMs: number): string {
  return new Date(atMs).toLocaleString();
}
