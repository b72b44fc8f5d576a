/** The runs this browser started (recent-runs-store.ts `started`): what makes a reload watch a MARS run instead of starting it again. */
import { describe, expect, test } from 'vitest';

import { createRecentRunsStore, RECENT_RUNS_STORAGE_KEY, startedHere } from '@/stores/recent-runs-store';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [[RECENT_RUNS_STORAGE_KEY, initial]]);
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const run = { key: 'mars|ws://h:1|task-1|go', dialect: 'mars', url: 'ws://h:1', runId: 'task-1', title: 'go', atMs: 5, status: 'running' as const, search: '?x' };

describe('runs started from this browser', () => {
  test('are known after a reload of the page (a new store on the same storage), by protocol, backend and run id', () => {
    const storage = memoryStorage();
    createRecentRunsStore(storage).getState().actions.remember({ ...run, started: true });
    const reloaded = createRecentRunsStore(storage);
    expect(startedHere('mars', 'ws://h:1', 'task-1', reloaded)).toBe(true);
    expect(startedHere('mars', 'ws://h:1', 'task-2', reloaded)).toBe(false);
    expect(startedHere('mars', 'ws://other:1', 'task-1', reloaded)).toBe(false);
    expect(startedHere('myagent', 'ws://h:1', 'task-1', reloaded)).toBe(false);
  });

  test('a run only opened here is not one started here; the flag reads back only when it is true', () => {
    const opened = createRecentRunsStore(memoryStorage());
    opened.getState().actions.remember(run);
    expect(startedHere('mars', 'ws://h:1', 'task-1', opened)).toBe(false);
    const junk = createRecentRunsStore(memoryStorage(JSON.stringify([{ ...run, started: 'yes' }])));
    expect(junk.getState().runs[0]).not.toHaveProperty('started');
    expect(startedHere('mars', 'ws://h:1', 'task-1', junk)).toBe(false);
  });
});
