/**
 * The console's table, derived: every backend's runs merged into one list, filtered by
 * status and text, newest first, and cut into pages. Pure; guarded by console-rows.test.ts.
 */
import { newestFirst } from '@/lib/newest-first';
import type { RunSummary, RunSummaryStatus } from '@/protocol/run-summary';

export type ConsoleRow = Readonly<{
  /** Unique across backends: `<backend id>/<run id>`. */
  key: string;
  backendId: string;
  backendLabel: string;
  run: RunSummary;
  /** The link that opens the run (the URL contract); absent when it cannot be opened from here. */
  search?: string;
  /** Why the row cannot be opened (a myagent run whose connection is gone). */
  closedReason?: string;
}>;

export type RowFilters = Readonly<{ status: RunSummaryStatus | 'all' | 'active'; text: string; backendId: string | 'all' }>;

export const NO_ROW_FILTERS: RowFilters = { status: 'all', text: '', backendId: 'all' };

const ACTIVE: ReadonlySet<RunSummaryStatus> = new Set(['queued', 'running', 'waiting', 'paused']);

export function filterRows(rows: readonly ConsoleRow[], filters: RowFilters): ConsoleRow[] {
  const text = filters.text.trim().toLowerCase();
  return rows.filter((row) => {
    if (filters.backendId !== 'all' && row.backendId !== filters.backendId) return false;
    if (filters.status === 'active' ? !ACTIVE.has(row.run.status) : filters.status !== 'all' && row.run.status !== filters.status) return false;
    if (!text) return true;
    return [row.run.title, row.run.runId, row.run.group ?? '', row.backendLabel].some((field) => field.toLowerCase().includes(text));
  });
}

/** Newest first across backends; rows without a start time last, in their backend's order. */
export function sortNewestFirst(rows: readonly ConsoleRow[]): ConsoleRow[] {
  return newestFirst(rows, (row) => row.run.startedAtMs);
}

export type Paged<T> = Readonly<{ items: T[]; page: number; pages: number; first: number; last: number; total: number }>;

/** Page `page` (0-based, clamped) of `size` rows; `first`/`last` are 1-based for "1–25 of 48". */
export function pageRows<T>(rows: readonly T[], page: number, size: number): Paged<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  const items = rows.slice(current * size, current * size + size);
  return { items, page: current, pages, first: items.length ? current * size + 1 : 0, last: current * size + items.length, total: rows.length };
}

/** A run's duration so far: ended − started, or now − started while it is not over. */
export function durationOf(run: RunSummary, nowMs: number): number | undefined {
  if (run.startedAtMs === undefined) return undefined;
  if (run.endedAtMs !== undefined) return Math.max(0, run.endedAtMs - run.startedAtMs);
  return ACTIVE.has(run.status) ? Math.max(0, nowMs - run.startedAtMs) : undefined;
}
