import { describe, expect, test } from 'vitest';

import { BACKENDS_STORAGE_KEY, createBackendsStore, toKeptBackends } from '@/stores/backends-store';
import { createRecentRunsStore, RECENT_RUNS_STORAGE_KEY } from '@/stores/recent-runs-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

let ids = 0;
const nextId = () => `id-${++ids}`;

describe('kept backends', () => {
  test('are kept in storage and come back in a new store; a second copy is refused', () => {
    const storage = memoryStorage();
    const store = createBackendsStore(storage, nextId);
    const added = store.getState().actions.add({ dialect: 'relavium', url: ' http://a:1 ', label: '' });
    expect(added).toEqual({ ok: true, id: expect.any(String) });
    expect(store.getState().actions.add({ dialect: 'relavium', url: 'http://a:1' })).toEqual({ ok: false, reason: expect.stringContaining('already kept') });
    store.getState().actions.setWatch(added.ok ? added.id : '', true);
    const again = createBackendsStore(storage, nextId);
    expect(again.getState().backends).toEqual([{ id: expect.any(String), dialect: 'relavium', url: 'http://a:1', label: 'relavium · a:1', watchRunning: true }]);
  });

  test('never keeps a token: only known fields are read back, and malformed entries are dropped', () => {
    const stored = [
      { id: 'x', dialect: 'shannon', url: 'http://s', label: 'S', watchRunning: false, token: 'secret', headers: { authorization: 'Bearer secret' } },
      { id: 'y', dialect: 'nonesuch', url: 'http://n', label: 'N' },
      'garbage',
    ];
    expect(toKeptBackends(stored)).toEqual([{ id: 'x', dialect: 'shannon', url: 'http://s', label: 'S', watchRunning: false }]);
    const storage = memoryStorage({ [BACKENDS_STORAGE_KEY]: JSON.stringify(stored) });
    const store = createBackendsStore(storage, nextId);
    store.getState().actions.update('x', { label: 'Shannon prod' });
    expect(storage.data.get(BACKENDS_STORAGE_KEY)).not.toContain('secret');
  });

  test('unreadable or throwing storage costs persistence, not the app', () => {
    const broken = { getItem: () => '{not json', setItem: () => { throw new Error('quota'); } };
    const store = createBackendsStore(broken, nextId);
    expect(store.getState().backends).toEqual([]);
    expect(store.getState().actions.add({ dialect: 'tolky', url: 'http://t', session: 'demo' })).toMatchObject({ ok: true });
    expect(store.getState().backends[0]?.session).toBe('demo');
  });
});

describe('recent runs (protocols without a list)', () => {
  test('newest first, updated by key, bounded, and read back from storage', () => {
    const storage = memoryStorage();
    const store = createRecentRunsStore(storage);
    const base = { dialect: 'myagent', url: 'ws://m', search: '?x', status: 'running' as const };
    store.getState().actions.remember({ ...base, key: 'k1', title: 'First', atMs: 1 });
    store.getState().actions.remember({ ...base, key: 'k2', title: 'Second', atMs: 2 });
    store.getState().actions.patch('k1', { runId: 'sess-1', status: 'succeeded' });
    expect(store.getState().runs.map((r) => [r.key, r.runId, r.status])).toEqual([
      ['k2', undefined, 'running'],
      ['k1', 'sess-1', 'succeeded'],
    ]);
    for (let i = 0; i < 120; i++) store.getState().actions.remember({ ...base, key: `n${i}`, title: 't', atMs: i });
    expect(store.getState().runs).toHaveLength(100);
    const again = createRecentRunsStore(storage);
    expect(again.getState().runs[0]?.key).toBe('n119');
    expect(JSON.parse(storage.data.get(RECENT_RUNS_STORAGE_KEY) ?? '[]')).toHaveLength(100);
  });
});
