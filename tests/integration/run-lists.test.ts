/**
 * Run lists over the simulator's real servers (HTTP and Socket.IO), through the same
 * services the console uses: every listable dialect lists its seeded runs in every state,
 * pages and filters, and a failing backend — down, 401, 404, not JSON, no answer — comes
 * back as a problem in words, never a throw. A started Shannon task is listed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { DIALECTS } from '@/protocol/dialects';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { runListOf } from '@/protocol/run-lists';
import type { RunListQuery, RunSummaryStatus } from '@/protocol/run-summary';
import { fetchRunList, type ListTarget } from '@/services/fetch-run-list';
import { probeBackend } from '@/services/probe-backend';
import { pollRunList } from '@/services/run-list-poller';
import { requestJson } from '@/services/request-json';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { waitFor } from './wait-for';

/** Polls an async check until it holds (or fails with `what`). */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let sim: SimulatorHandle;
let refusing: Server;
let refusingUrl: string;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05, seedRuns: true });
  // A real server that refuses: 404 for MARS's sessions, a text page for /runs, silence for /slow, else 401.
  refusing = createServer((req, res) => {
    if (req.url?.startsWith('/slow')) return;
    if (req.url?.startsWith('/api/sessions')) return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Not Found' }));
    if (req.url?.startsWith('/runs')) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>a dashboard</html>');
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Invalid token' }));
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
});
afterAll(async () => {
  refusing.closeAllConnections();
  await new Promise((resolve) => refusing.close(resolve));
  await sim.close();
});

async function list(dialect: string, query: RunListQuery = { limit: 50 }, target: Partial<ListTarget> = {}) {
  const entry = runListOf(dialect);
  if (!entry) throw new Error(dialect);
  return fetchRunList(entry.source, query, { baseUrl: sim.url, ...target }, new AbortController().signal);
}

const statusOf = async (dialect: string, target: Partial<ListTarget> = {}) => {
  const outcome = await list(dialect, { limit: 50 }, target);
  if (!outcome.ok) throw new Error(outcome.problem.message);
  return Object.fromEntries(outcome.page.runs.map((r) => [r.runId, r.status])) as Record<string, RunSummaryStatus>;
};

describe('every listable dialect lists the seeded runs in every state', () => {
  test.each([
    ['relavium', {}, 'waiting'],
    ['shannon', {}, 'running'],
    // MARS's approvals never change the run's status (the websocket approval manager keeps them to itself).
    ['mars', {}, 'running'],
    ['tolky', { session: 'demo' }, 'waiting'],
  ] as const)('%s', async (dialect, target, gateStatus) => {
    const expected: Record<string, RunSummaryStatus> = {
      'fanout~demo-done': 'succeeded',
      'retry~demo-failed': 'failed',
      'cancel~demo-cancelled': 'cancelled',
      'hold~demo-waiting': gateStatus,
      'long~demo-running': 'running',
    };
    const settled = async () => {
      const statuses = await statusOf(dialect, target);
      return Object.entries(expected).every(([id, status]) => statuses[id] === status);
    };
    await eventually(settled, `${dialect}: seeded runs to reach their states`);
    expect(await statusOf(dialect, target)).toMatchObject(expected);
  });
});

describe('paging and filtering', () => {
  test('relavium pages by cursor without repeating a run', async () => {
    // The seeds start a few ms apart: wait for all six, or offsets would shift between pages.
    await eventually(async () => Object.keys(await statusOf('relavium')).length >= 6, 'six seeded relavium runs');
    const first = await list('relavium', { limit: 4 });
    if (!first.ok) throw new Error(first.problem.message);
    expect(first.page.runs).toHaveLength(4);
    const second = await list('relavium', { limit: 4, ...(first.page.nextCursor ? { cursor: first.page.nextCursor } : {}) });
    if (!second.ok) throw new Error(second.problem.message);
    const ids = [...first.page.runs, ...second.page.runs].map((r) => r.runId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(6);
  });

  test('Shannon filters by status on the server', async () => {
    const outcome = await list('shannon', { limit: 50, status: 'failed' });
    if (!outcome.ok) throw new Error(outcome.problem.message);
    expect(outcome.page.runs.map((r) => r.runId)).toEqual(['retry~demo-failed']);
  });

  test('a task started with POST /api/v1/tasks is listed, running, under its query', async () => {
    const entry = runListOf('shannon');
    if (entry?.starter?.kind !== 'http') throw new Error('shannon starts over HTTP');
    const reply = await requestJson(entry.starter.call('Summarise the gate scenario'), { baseUrl: sim.url, signal: new AbortController().signal });
    if (!reply.ok) throw new Error(reply.problem.message);
    const runId = entry.starter.runIdOf(reply.body);
    expect(runId).toMatch(/^gate~task-/);
    const statuses = await statusOf('shannon');
    expect(statuses[runId ?? '']).toBe('running');
  });
});

describe('a failing backend is a problem in words', () => {
  test('nothing listening: unreachable', async () => {
    const outcome = await list('relavium', { limit: 5 }, { baseUrl: 'http://127.0.0.1:9' });
    expect(outcome).toMatchObject({ ok: false, problem: { kind: 'unreachable', message: expect.stringContaining('Nothing answers at http://127.0.0.1:9') } });
  });

  test('401: refused, with the backend’s reason', async () => {
    const outcome = await list('shannon', { limit: 5 }, { baseUrl: refusingUrl });
    expect(outcome).toMatchObject({ ok: false, problem: { kind: 'unauthorized', status: 401, message: expect.stringContaining('Invalid token') } });
  });

  test('404: the protocol is probably wrong', async () => {
    const outcome = await list('mars', { limit: 5 }, { baseUrl: refusingUrl });
    expect(outcome).toMatchObject({ ok: false, problem: { kind: 'not-found', status: 404, message: expect.stringContaining('/api/sessions does not exist') } });
  });

  test('a page that is not JSON: unreadable', async () => {
    const outcome = await list('relavium', { limit: 5 }, { baseUrl: refusingUrl });
    expect(outcome).toMatchObject({ ok: false, problem: { kind: 'unreadable', message: expect.stringContaining('not JSON') } });
  });

  test('no answer in time: timeout', async () => {
    const outcome = await requestJson({ method: 'GET', path: '/slow' }, { baseUrl: refusingUrl, signal: new AbortController().signal, timeoutMs: 300 });
    expect(outcome).toMatchObject({ ok: false, problem: { kind: 'timeout' } });
  });

  test('tolky with nobody listening: unreachable over Socket.IO', async () => {
    const outcome = await list('tolky', { limit: 5 }, { baseUrl: 'http://127.0.0.1:9', timeoutMs: 3_000 });
    expect(outcome).toMatchObject({ ok: false, problem: { kind: 'unreachable' } });
  });
});

describe('test connection and polling', () => {
  test('probes say what they found, without side effects', async () => {
    const signal = new AbortController().signal;
    await expect(probeBackend(runListOf('relavium')!.source, { baseUrl: sim.url }, signal)).resolves.toMatchObject({ ok: true, message: expect.stringContaining('Connected') });
    await expect(probeBackend(runListOf('agui')!.source, { baseUrl: simulatorBackendUrl(DIALECTS.agui, sim.url) }, signal)).resolves.toMatchObject({ ok: true, message: expect.stringContaining('HTTP 405') });
    await expect(probeBackend(runListOf('shannon')!.source, { baseUrl: refusingUrl }, signal)).resolves.toMatchObject({ ok: false, problem: { kind: 'unauthorized' } });
    expect(sim.received.filter((c) => c.dialect === 'agui')).toEqual([]);
  });

  test('the poller fetches again at its interval and stops, request and all, when aborted', async () => {
    const stop = new AbortController();
    const results: boolean[] = [];
    pollRunList({
      source: runListOf('relavium')!.source,
      target: () => ({ baseUrl: sim.url }),
      query: { limit: 2 },
      intervalMs: 50,
      signal: stop.signal,
      visibility: { hidden: () => false, onChange: () => () => undefined },
      onResult: (outcome) => results.push(outcome.ok),
    });
    await waitFor(() => results.length >= 3, 'three fetches');
    stop.abort();
    const settled = results.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(results.length).toBeLessThanOrEqual(settled + 1);
    expect(results.every(Boolean)).toBe(true);
  });
});

describe('mars sessions route', () => {
  test('is /api/sessions without a trailing slash, as the real router (redirect_slashes=False) answers', async () => {
    const sim = await startSimulator({ timeScale: 0.05 });
    try {
      expect((await fetch(`${sim.url}/api/sessions?limit=5`)).status).toBe(200);
      expect((await fetch(`${sim.url}/api/sessions/?limit=5`)).status).toBe(404);
    } finally {
      await sim.close();
    }
  });
});
