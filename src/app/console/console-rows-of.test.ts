import { expect, test } from 'vitest';

import { rowsOfBackend } from '@/app/console/console-rows-of';
import { liveRunKey } from '@/app/session/session-registry';
import type { RecentRun } from '@/stores/recent-runs-store';

const backend = { id: 'b', dialect: 'agui' as const, url: 'http://127.0.0.1:9/agent', label: 'AG-UI', session: undefined };
const key = liveRunKey({ dialect: 'agui', url: backend.url, run: 'run-7' });
const recent = (patch: Partial<RecentRun>): RecentRun => ({ key, dialect: 'agui', url: backend.url, runId: 'run-7', title: 'Deploy', atMs: 1, status: 'running', search: '?x', ...patch });

test('a run of a protocol without a list (rows from this browser) shows the gates the inbox knows of it', () => {
  const [row] = rowsOfBackend(backend, undefined, [recent({ status: 'paused' })], new Set([key]), new Map([[key, 1]]));
  expect(row?.run).toMatchObject({ status: 'waiting', waitingGates: 1 });
  const [plain] = rowsOfBackend(backend, undefined, [recent({})], new Set([key]), new Map([[key, 2]]));
  expect(plain?.run).toMatchObject({ status: 'waiting', waitingGates: 2 });
  // No gate known: the row says what the run said.
  const [none] = rowsOfBackend(backend, undefined, [recent({ status: 'paused' })], new Set([key]), new Map());
  expect(none?.run).toMatchObject({ status: 'paused' });
});

test('a listed run paused at a gate the inbox knows reads waiting for a person, with the count', () => {
  const list = { phase: 'ready', page: { runs: [{ runId: 'run-7', title: 'Deploy', status: 'paused' as const, statusText: 'paused' }] } };
  const shannon = { ...backend, dialect: 'shannon' as const, url: 'http://127.0.0.1:9' };
  const listedKey = liveRunKey({ dialect: 'shannon', url: shannon.url, run: 'run-7' });
  const [row] = rowsOfBackend(shannon, list as never, [], new Set(), new Map([[listedKey, 1]]));
  expect(row?.run).toMatchObject({ status: 'waiting', waitingGates: 1, statusText: 'paused' });
});
