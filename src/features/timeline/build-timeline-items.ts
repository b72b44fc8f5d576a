/**
 * Flattens the run's log into the list the virtualiser renders: group headers and row
 * indices, in order. Pure; recomputed only when logLength, chapters, filters or the
 * collapsed set change. Guarded by build-timeline-items.test.ts.
 *
 * An item >= 0 is a row index; an item < 0 is a group header (see `headerItem`). Groups
 * come from each chapter's `firstRow` (so a chapter.started row opens its own chapter);
 * rows before the first chapter form the "Run" group (-1).
 *
 * Why runs, not a number per item: unfiltered, a group's rows are consecutive, so the list
 * is kept as runs (a header, or consecutive rows) and costs the number of groups, not of
 * rows. A replay seek builds it anew; as a number per row that was 4.6 ms of each seek in
 * a million-frame replay (759k rows), and the window over it more. Filtered, a run is a
 * stretch of matching rows next to each other (at worst one per row, as before). `at(i)`
 * finds an item's run by a binary search; the rows are counted while the runs are made.
 */
import type { LogLevel, RunEvent, RunEventType } from '@/protocol/run-event';

import type { EventLog } from '@/stores/event-log';
import type { Chapter } from '@/stores/run-types';

import { summarizeEvent } from '@/features/timeline/summarize-event';

export const RUN_GROUP = -1;

export type TimelineFilters = Readonly<{
  /** Minimum level of `log` events; other events are not levelled and always pass. */
  level: LogLevel | 'all';
  type: RunEventType | 'all';
  nodeId: string;
  text: string;
}>;

export const NO_FILTERS: TimelineFilters = { level: 'all', type: 'all', nodeId: '', text: '' };

const LEVEL_RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

export const headerItem = (group: number): number => -(group + 2);
export const groupOfItem = (item: number): number => -item - 2;

export type BuildInput = Readonly<{
  log: EventLog;
  length: number;
  chapters: readonly Chapter[];
  filters: TimelineFilters;
  collapsed: ReadonlySet<number>;
}>;

/** The list: its items by index, how many are rows (the toolbar's count), and how many headers come before an item (its offset). */
export type TimelineItems = Readonly<{
  length: number;
  rows: number;
  /** The item at `index` (0 ≤ index < length): a row index, or a header (< 0). */
  at: (index: number) => number;
  /** Header items before `index` (the list places items by it: headers are taller than rows). */
  headersBefore: (index: number) => number;
}>;

export function buildTimelineItems({ log, length, chapters, filters, collapsed }: BuildInput): TimelineItems {
  const runs = new ItemRuns();
  const match = isFiltered(filters) ? makeMatcher(filters) : undefined;
  for (const { group, start, end } of groupRanges(chapters, length, log.firstRow)) {
    if (collapsed.has(group)) {
      if (!match || anyMatch(log, start, end, match)) runs.header(headerItem(group));
      continue;
    }
    // An empty Run group, or a chapter with no matching row while filtering, is noise.
    const rows = match ? matchingRows(log, start, end, match) : undefined;
    const count = rows ? rows.length : end - start;
    if (count === 0 && (group === RUN_GROUP || match)) continue;
    runs.header(headerItem(group));
    if (rows) for (const row of rows) runs.row(row);
    else runs.rowsFrom(start, count);
  }
  return runs.items();
}

/** The items as runs: each a header, or rows one after another (`firsts` < 0: a header). */
class ItemRuns {
  private readonly starts: number[] = [];
  private readonly firsts: number[] = [];
  private readonly headersUpTo: number[] = [];
  private length = 0;
  private rows = 0;
  private headers = 0;

  header(item: number): void {
    this.open(item, 1);
    this.headers += 1;
  }

  /** Rows first..first+count-1. */
  rowsFrom(first: number, count: number): void {
    if (count > 0) this.open(first, count);
    this.rows += count;
  }

  /** One row: the run before it goes on when it is the row after that run's last. */
  row(row: number): void {
    const last = this.firsts.length - 1;
    const lastFirst = this.firsts[last] ?? -1;
    if (lastFirst >= 0 && lastFirst + (this.length - (this.starts[last] ?? 0)) === row) {
      this.length += 1;
      this.rows += 1;
    } else this.rowsFrom(row, 1);
  }

  items(): TimelineItems {
    const { starts, firsts, headersUpTo, length, rows, headers } = this;
    const runOf = (index: number) => lastAtOrBefore(starts, index);
    return {
      length,
      rows,
      at: (index) => {
        const run = runOf(index);
        const first = firsts[run] ?? 0;
        return first < 0 ? first : first + index - (starts[run] ?? 0);
      },
      headersBefore: (index) => (index >= length ? headers : (headersUpTo[runOf(index)] ?? 0)),
    };
  }

  private open(first: number, count: number): void {
    this.starts.push(this.length);
    this.firsts.push(first);
    this.headersUpTo.push(this.headers);
    this.length += count;
  }
}

/** The last position of a sorted list whose value is at most `value` (0 when none is). */
function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((sorted[mid] ?? 0) <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

type Range = { group: number; start: number; end: number };

/** `kept`: the log's first kept row; a bounded live log dropped the rows before it. */
function groupRanges(chapters: readonly Chapter[], length: number, kept: number): Range[] {
  const first = chapters[0]?.firstRow ?? length;
  const clamp = (row: number) => Math.max(kept, Math.min(row, length));
  const ranges: Range[] = [{ group: RUN_GROUP, start: clamp(0), end: clamp(first) }];
  chapters.forEach((chapter, i) => {
    const next = chapters[i + 1]?.firstRow ?? length;
    ranges.push({ group: i, start: clamp(chapter.firstRow), end: clamp(next) });
  });
  return ranges;
}

export function isFiltered(f: TimelineFilters): boolean {
  return f.level !== 'all' || f.type !== 'all' || f.nodeId !== '' || f.text.trim() !== '';
}

type Matcher = (event: RunEvent) => boolean;

function makeMatcher(f: TimelineFilters): Matcher {
  const text = f.text.trim().toLowerCase();
  const minLevel = f.level === 'all' ? -1 : LEVEL_RANK[f.level];
  return (event) => {
    if (f.type !== 'all' && event.type !== f.type) return false;
    if (event.type === 'log' && LEVEL_RANK[event.level] < minLevel) return false;
    const nodeId = 'nodeId' in event ? event.nodeId : undefined;
    if (f.nodeId !== '' && nodeId !== f.nodeId) return false;
    if (text === '') return true;
    return `${event.type} ${nodeId ?? ''} ${summarizeEvent(event)}`.toLowerCase().includes(text);
  };
}

function matchesRow(log: EventLog, row: number, match: Matcher): boolean {
  const entry = log.at(row);
  return entry !== undefined && match(entry.event);
}

function matchingRows(log: EventLog, start: number, end: number, match: Matcher): number[] {
  const rows: number[] = [];
  for (let row = start; row < end; row++) if (matchesRow(log, row, match)) rows.push(row);
  return rows;
}

function anyMatch(log: EventLog, start: number, end: number, match: Matcher): boolean {
  for (let row = start; row < end; row++) if (matchesRow(log, row, match)) return true;
  return false;
}
