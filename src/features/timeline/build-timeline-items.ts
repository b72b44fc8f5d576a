/**
 * Flattens the run's log into the list the virtualiser renders: group headers and row
 * indices, in order. Pure; recomputed only when logLength, chapters, filters or the
 * collapsed set change. Guarded by build-timeline-items.test.ts.
 *
 * Why numbers, not objects: at 100k rows this runs once per ingest batch while following
 * live; a plain number[] costs about a millisecond, an object per row several. The rows
 * among the items are counted here, as they are added: counted over the list afterwards,
 * they took 4.3 ms of each seek in a million-frame replay (759k rows).
 * An item >= 0 is a row index; an item < 0 is a group header (see `headerItem`).
 * Groups come from each chapter's `firstRow` (so a chapter.started row opens its own
 * chapter); rows before the first chapter form the "Run" group (-1).
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

/** The list, and how many of its items are rows (the toolbar's count). */
export type TimelineItems = Readonly<{ items: readonly number[]; rows: number }>;

export function buildTimelineItems({ log, length, chapters, filters, collapsed }: BuildInput): TimelineItems {
  const items: number[] = [];
  let rows = 0;
  const match = isFiltered(filters) ? makeMatcher(filters) : undefined;
  const groups = groupRanges(chapters, length, log.firstRow);
  for (const { group, start, end } of groups) {
    const header = items.length;
    items.push(headerItem(group));
    if (collapsed.has(group)) {
      if (match && !anyMatch(log, start, end, match)) items.length = header;
      continue;
    }
    const before = items.length;
    for (let row = start; row < end; row++) {
      if (!match) items.push(row);
      else if (matchesRow(log, row, match)) items.push(row);
    }
    rows += items.length - before;
    // An empty Run group, or a chapter with no matching row while filtering, is noise.
    const empty = items.length === header + 1;
    if (empty && (group === RUN_GROUP || match)) items.length = header;
  }
  return { items, rows };
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

function anyMatch(log: EventLog, start: number, end: number, match: Matcher): boolean {
  for (let row = start; row < end; row++) if (matchesRow(log, row, match)) return true;
  return false;
}
