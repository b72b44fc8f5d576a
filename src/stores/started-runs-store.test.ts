import { describe, expect, it } from 'vitest';

import { createStartedRunsStore, MAX_STARTED_RUNS, STARTED_RUNS_STORAGE_KEY, type KeyValueStorage } from '@/stores/started-runs-store';

function memoryStorage(initial?: string): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>(initial === undefined ? [] : [[STARTED_RUNS_STORAGE_KEY, initial]]);
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

describe('started runs store', () => {
  it('remembers a started run across a reload of the page (a new store on the same storage)', () => {
    const storage = memoryStorage();
    createStartedRunsStore(storage).getState().remember({ dialect: 'mars', url: 'ws://h:1', runId: 'task-1', atMs: 5 });
    const reloaded = createStartedRunsStore(storage).getState();
    expect(reloaded.find('mars', 'ws://h:1', 'task-1')).toEqual({ dialect: 'mars', url: 'ws://h:1', runId: 'task-1', atMs: 5 });
    expect(reloaded.find('mars', 'ws://h:1', 'task-2')).toBeUndefined();
    expect(reloaded.find('mars', 'ws://other:1', 'task-1')).toBeUndefined();
  });

  it('keeps one entry per run, newest first, bounded', () => {
    const store = createStartedRunsStore(memoryStorage());
    for (let i = 0; i < MAX_STARTED_RUNS + 5; i++) store.getState().remember({ dialect: 'mars', url: 'u', runId: `r${i}`, atMs: i });
    store.getState().remember({ dialect: 'mars', url: 'u', runId: 'r200', atMs: 999 });
    const { runs } = store.getState();
    expect(runs).toHaveLength(MAX_STARTED_RUNS);
    expect(runs[0]).toMatchObject({ runId: 'r200', atMs: 999 });
    expect(runs.filter((r) => r.runId === 'r200')).toHaveLength(1);
  });

  it('reads back only well-formed entries and survives garbage or a throwing storage', () => {
    const junk = JSON.stringify([{ dialect: 'mars', url: 'u', runId: 'ok', atMs: 1, token: 'secret' }, { dialect: 1 }, 'x', null]);
    const store = createStartedRunsStore(memoryStorage(junk));
    expect(store.getState().runs).toEqual([{ dialect: 'mars', url: 'u', runId: 'ok', atMs: 1 }]);
    expect(createStartedRunsStore(memoryStorage('{not json')).getState().runs).toEqual([]);
    const throwing: KeyValueStorage = { getItem: () => null, setItem: () => { throw new Error('full'); } };
    expect(() => createStartedRunsStore(throwing).getState().remember({ dialect: 'mars', url: 'u', runId: 'r', atMs: 1 })).not.toThrow();
  });
});
