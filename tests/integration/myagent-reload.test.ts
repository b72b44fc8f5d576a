/**
 * myagent across a reload, against the simulator's real WebSocket server (which behaves as
 * the shipped server: a closed socket closes its session and cancels its run, a resume needs
 * the latest signed_state, and a resume it refuses is refused with its own words).
 *
 * A "reload" is what it is in the browser: the first session goes away (its socket closes)
 * and a new one is opened with what the tab kept in sessionStorage (reload-resume.ts), under
 * the same run key. Node has no sessionStorage: a small in-memory one stands in for it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession, keptResume, type LiveSession, paintAtOnce } from '@/session';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import type { Memo } from '@/protocol/dialect';
import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.05 });
});
afterAll(async () => {
  await sim.close();
});

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
  key = (i: number) => [...this.items.keys()][i] ?? null;
}
beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
// The next file in this worker (isolate: false) runs without one, as Node does.
afterAll(() => {
  vi.unstubAllGlobals();
});

const KEEP = myagentDialect.keptForReload;
let tabs = 0;

function open(key: string, start: string, resume?: Memo): LiveSession {
  return createLiveSession({
    dialect: myagentDialect,
    params: { baseUrl: simulatorBackendUrl(myagentDialect, sim.url), runId: `tab-${++tabs}` },
    start,
    reloadKey: key,
    ...(resume ? { resume } : {}),
    schedule: paintAtOnce,
    WebSocketImpl: WebSocket as never,
  });
}

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);
const ended = (live: LiveSession) => waitFor(() => (TERMINAL.has(live.session.run.getState().status) ? live.session.run.getState() : undefined), 'the run to end');
const reconnectsOf = (sessionId: unknown) => sim.received.filter((c) => c.kind === 'user.reconnect_with_state' && (c.body as { session_id?: unknown }).session_id === sessionId);

describe('myagent: a reload mid-run', () => {
  test('keeps the latest signed_state for the tab and resumes with it: the run is back, and says how it ended', async () => {
    const key = 'myagent|reload-1';
    const first = open(key, 'fanout: research the market');
    await waitFor(() => nodeRecord(first.session.nodeStatus.getState().byId).r1?.status === 'running' || undefined, 'researchers running');
    const kept = await waitFor(() => keptResume(key, KEEP), 'the kept state');
    const sessionBefore = first.session.runId;
    expect(kept.session_id).toBe(sessionBefore);
    first.close();

    const second = open(key, 'fanout: research the market', keptResume(key, KEEP));
    const state = await ended(second);
    // The server's replay brings the run's history back into the new page.
    expect(state.graph.nodes.r1).toBeDefined();
    expect(nodeRecord(second.session.nodeStatus.getState().byId).plan?.status).toBe('succeeded');
    // The socket's close cancelled the run on the server: said so, never "running" forever.
    expect(state.status).toBe('cancelled');
    const reconnects = reconnectsOf(sessionBefore);
    expect(reconnects).toHaveLength(1);
    expect((reconnects[0]?.body as { signed_state?: { signature?: unknown } }).signed_state?.signature).toBe((kept.signed_state as { signature?: unknown }).signature);
    // No new run was started: the only user.message is the first tab's.
    const messages = sim.received.filter((c) => c.kind === 'user.message');
    expect(messages.filter((c) => c.runId === sessionBefore)).toHaveLength(1);
    expect(messages.filter((c) => c.runId === second.session.runId)).toHaveLength(0);
    // The resumed session's own state is kept next, for the next reload.
    await waitFor(() => (keptResume(key, KEEP)?.session_id === second.session.runId ? true : undefined), 'the new session kept');
    second.close();
  });

  test('a resume the server refuses because the session is held elsewhere ends clearly, with the reason', async () => {
    const key = 'myagent|reload-2';
    const first = open(key, 'fanout: research again');
    const kept = await waitFor(() => keptResume(key, KEEP), 'the kept state');
    // A duplicated tab carries the same sessionStorage while the first tab still holds the socket.
    const duplicate = open(key, 'fanout: research again', kept);
    const state = await ended(duplicate);
    expect(state.status).toBe('failed');
    expect(state.error?.message).toMatch(/Session already active on another connection/);
    await waitFor(() => (duplicate.session.run.getState().connection.state.status === 'closed' ? true : undefined), 'the refused socket to close');
    expect(first.session.run.getState().status).toBe('running');
    first.close();
    duplicate.close();
  });

  test('a state the server cannot verify ends the run cancelled, with "Invalid state: …"', async () => {
    const key = 'myagent|reload-3';
    const first = open(key, 'fanout: third');
    const kept = await waitFor(() => keptResume(key, KEEP), 'the kept state');
    first.close();
    const forged = { ...kept, signed_state: { ...(kept.signed_state as object), signature: 'f'.repeat(64) } };
    const reloaded = open(key, 'fanout: third', forged);
    const state = await ended(reloaded);
    expect(state.status).toBe('cancelled');
    const log = reloaded.session.log;
    const ends = Array.from({ length: log.length }, (_, i) => log.at(i)?.event).filter((e) => e?.type === 'run.cancelled');
    expect(ends).toEqual([expect.objectContaining({ reason: expect.stringContaining('Resuming was refused: “Invalid state: Invalid state signature”') })]);
    reloaded.close();
  });
});
