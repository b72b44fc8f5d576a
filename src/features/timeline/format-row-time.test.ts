import { describe, expect, it } from 'vitest';

import { EventLog } from '@/stores/event-log';

import { formatRowTime, timelineBaseMs } from '@/features/timeline/format-row-time';

describe('formatRowTime', () => {
  it('shows time since the timeline zero as +HH:MM:SS.mmm', () => {
    expect(formatRowTime(1_000 + 3_723_045, 1_000)).toBe('+01:02:03.045');
    expect(formatRowTime(900, 1_000)).toBe('−00:00:00.100');
  });

  it('falls back to the local wall clock without a base, and a dash without a time', () => {
    const at = new Date(2026, 0, 2, 13, 4, 5, 6).getTime();
    expect(formatRowTime(at, undefined)).toBe('13:04:05.006');
    expect(formatRowTime(undefined, 0)).toBe('—');
  });
});

describe('timelineBaseMs', () => {
  it('is the run start, or an earlier event among the first rows, so the first rows never read negative', () => {
    const log = new EventLog();
    log.append({ type: 'chapter.started', chapterId: 'c', title: 'Plan', atMs: 660 }, -1);
    log.append({ type: 'run.started', atMs: 1_000 }, 0);
    log.append({ type: 'node.started', nodeId: 'a', atMs: 1_200 }, 0);
    expect(timelineBaseMs(log, 1_000)).toBe(660);
    expect(timelineBaseMs(log, 500)).toBe(500);
    expect(timelineBaseMs(new EventLog(), undefined)).toBeUndefined();
    expect(timelineBaseMs(log, undefined)).toBe(660);
  });
});
