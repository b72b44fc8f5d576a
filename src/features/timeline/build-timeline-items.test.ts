import { describe, expect, it } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';

import { makeSession } from '../../../tests/integration/make-session';

import { buildTimelineItems, headerItem, NO_FILTERS, RUN_GROUP, type TimelineFilters, type TimelineItems } from '@/features/timeline/build-timeline-items';

/** The run state after one batch, with the session's event log beside it. */
function runWith(events: RunEvent[]) {
  const session = makeSession('r');
  session.apply(events);
  return { ...session.run.getState(), log: session.log };
}

const EVENTS: RunEvent[] = [
  { type: 'run.started' },
  { type: 'log', level: 'debug', message: 'warming up' },
  { type: 'chapter.started', chapterId: 'c1', title: 'Plan' },
  { type: 'node.started', nodeId: 'a' },
  { type: 'log', level: 'error', message: 'disk full', nodeId: 'a' },
  { type: 'chapter.started', chapterId: 'c2', title: 'Act' },
  { type: 'node.started', nodeId: 'b' },
];

/** The items as a plain list, with their count of rows. */
function listed(built: TimelineItems) {
  return { items: Array.from({ length: built.length }, (_, i) => built.at(i)), rows: built.rows };
}

function build(filters: TimelineFilters = NO_FILTERS, collapsed: ReadonlySet<number> = new Set()) {
  const s = runWith(EVENTS);
  return listed(buildTimelineItems({ log: s.log, length: s.logLength, chapters: s.chapters, filters, collapsed }));
}

describe('buildTimelineItems', () => {
  it('puts rows before any chapter under the Run group and each chapter.started row in its own chapter', () => {
    expect(build()).toEqual({ items: [headerItem(RUN_GROUP), 0, 1, headerItem(0), 2, 3, 4, headerItem(1), 5, 6], rows: 7 });
  });

  it('keeps a collapsed group as a header only, and does not count its rows', () => {
    expect(build(NO_FILTERS, new Set([0]))).toEqual({ items: [headerItem(RUN_GROUP), 0, 1, headerItem(0), headerItem(1), 5, 6], rows: 4 });
  });

  it('filters by log level without hiding unlevelled events, and drops groups with no match', () => {
    expect(build({ ...NO_FILTERS, level: 'error', type: 'log' })).toEqual({ items: [headerItem(0), 4], rows: 1 });
  });

  it('filters by node and by text (case-insensitive, over type, node and summary)', () => {
    expect(build({ ...NO_FILTERS, nodeId: 'b' })).toEqual({ items: [headerItem(1), 6], rows: 1 });
    expect(build({ ...NO_FILTERS, text: 'DISK' })).toEqual({ items: [headerItem(0), 4], rows: 1 });
  });

  it('has no Run group when the run opens with a chapter, and nothing for an empty log', () => {
    const s = runWith([{ type: 'chapter.started', chapterId: 'c', title: 'Only' }, { type: 'run.started' }]);
    expect(listed(buildTimelineItems({ log: s.log, length: s.logLength, chapters: s.chapters, filters: NO_FILTERS, collapsed: new Set() }))).toEqual({
      items: [headerItem(0), 0, 1],
      rows: 2,
    });
    const empty = runWith([]);
    expect(listed(buildTimelineItems({ log: empty.log, length: 0, chapters: [], filters: NO_FILTERS, collapsed: new Set() }))).toEqual({ items: [], rows: 0 });
  });

  it('counts the headers before each item, for where the list places it', () => {
    const s = runWith(EVENTS);
    const built = buildTimelineItems({ log: s.log, length: s.logLength, chapters: s.chapters, filters: NO_FILTERS, collapsed: new Set() });
    // [Run, 0, 1, Chapter 0, 2, 3, 4, Chapter 1, 5, 6]
    expect(Array.from({ length: built.length + 1 }, (_, i) => built.headersBefore(i))).toEqual([0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3]);
  });

  it('keeps matching rows next to each other as one stretch, and a gap as a new one', () => {
    const s = runWith(Array.from({ length: 12 }, (_, i): RunEvent => ({ type: 'log', level: i % 4 === 3 ? 'info' : 'error', message: `m${i}` })));
    const built = buildTimelineItems({ log: s.log, length: s.logLength, chapters: s.chapters, filters: { ...NO_FILTERS, level: 'error' }, collapsed: new Set() });
    expect(listed(built)).toEqual({ items: [headerItem(RUN_GROUP), 0, 1, 2, 4, 5, 6, 8, 9, 10], rows: 9 });
    expect(built.headersBefore(9)).toBe(1);
  });
});
