import { describe, expect, test } from 'vitest';

import type { RunSummary } from '@/protocol/run-summary';

import { durationOf, filterRows, NO_ROW_FILTERS, pageRows, sortNewestFirst, type ConsoleRow } from '@/features/console/console-rows';

const row = (backendId: string, runId: string, run: Partial<RunSummary> = {}): ConsoleRow => ({
  key: `${backendId}/${runId}`,
  backendId,
  backendLabel: backendId === 'a' ? 'Alpha' : 'Beta',
  run: { runId, title: `Run ${runId}`, status: 'running', statusText: 'running', ...run },
});

describe('console rows', () => {
  const rows = [
    row('a', '1', { startedAtMs: 10, status: 'succeeded' }),
    row('b', '2', { startedAtMs: 30, status: 'waiting', title: 'Deploy release' }),
    row('a', '3', { startedAtMs: 20, status: 'failed' }),
    row('b', '4', { status: 'queued' }),
  ];

  test('newest first across backends; rows without a start time go last', () => {
    expect(sortNewestFirst(rows).map((r) => r.run.runId)).toEqual(['2', '3', '1', '4']);
  });

  test('filters by status, "not finished", backend and text (title, run id or backend label)', () => {
    const ids = (filters: Parameters<typeof filterRows>[1]) => filterRows(rows, filters).map((r) => r.run.runId);
    expect(ids({ ...NO_ROW_FILTERS, status: 'failed' })).toEqual(['3']);
    expect(ids({ ...NO_ROW_FILTERS, status: 'active' })).toEqual(['2', '4']);
    expect(ids({ ...NO_ROW_FILTERS, backendId: 'a' })).toEqual(['1', '3']);
    expect(ids({ ...NO_ROW_FILTERS, text: ' DEPLOY ' })).toEqual(['2']);
    expect(ids({ ...NO_ROW_FILTERS, text: 'beta' })).toEqual(['2', '4']);
  });

  test('pages are clamped and say where they are', () => {
    const items = Array.from({ length: 53 }, (_, i) => i);
    expect(pageRows(items, 2, 25)).toMatchObject({ page: 2, pages: 3, first: 51, last: 53, total: 53 });
    expect(pageRows(items, 9, 25).page).toBe(2);
    expect(pageRows([], 0, 25)).toMatchObject({ page: 0, pages: 1, first: 0, last: 0 });
  });

  test('duration is end − start, or now − start while a run is not over', () => {
    expect(durationOf({ ...rows[0]!.run, endedAtMs: 70 }, 1000)).toBe(60);
    expect(durationOf(rows[1]!.run, 100)).toBe(70);
    expect(durationOf(rows[2]!.run, 100)).toBeUndefined();
    expect(durationOf(rows[3]!.run, 100)).toBeUndefined();
  });
});
