/**
 * Multi-pod (issue 6): the simulator's tolky Socket.IO side as two pods joined by
 * `@socket.io/redis-adapter` over a real redis-server. Pod A drives the run; Runboard reaches
 * pod B through a TCP front (one URL), so every event it sees first crossed the adapter. Pod B
 * is killed mid-run: the client reconnects through the front to pod A, replays from its
 * cursor (replay_events) and dedupes, and ends exactly like a clean run, nothing twice.
 * No skip: without redis-server the test fails and says why.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { io as connectSocketIo, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';

import { createLiveSession, type LiveSession, paintAtOnce } from '@/session';
import { DIALECTS } from '@/protocol/dialects';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { isFinished, normalise } from '../support/fault-run';
import { startRedisServer, type RedisServer } from '../support/redis-server';
import { startTcpFront, type TcpFront } from '../support/tcp-front';
import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

const tolky = DIALECTS.tolky;
const RUN = 'fanout~multi-pod';

let redis: RedisServer;
const quits: (() => Promise<unknown>)[] = [];
let podA: SimulatorHandle;
let podB: SimulatorHandle;
let front: TcpFront;

async function redisAdapter(url: string) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  quits.push(() => pub.quit(), () => sub.quit());
  return createAdapter(pub, sub);
}

beforeAll(async () => {
  redis = await startRedisServer();
  podA = await startSimulator({ timeScale: 0.3, socketIoAdapter: await redisAdapter(redis.url) });
  podB = await startSimulator({ timeScale: 0.3, socketIoAdapter: await redisAdapter(redis.url), drivesRuns: false });
  front = await startTcpFront([podB.port, podA.port]);
}, 30_000);

afterAll(async () => {
  await front?.close();
  await podA?.close();
  await podB?.close().catch(() => undefined);
  for (const quit of quits) await quit().catch(() => undefined);
  await redis?.stop();
});

function watch(baseUrl: string, runId: string): LiveSession {
  return createLiveSession({ dialect: tolky, params: { baseUrl, runId }, schedule: paintAtOnce, WebSocketImpl: WebSocket as never });
}

describe('tolky on two pods joined by the Redis adapter', () => {
  test('killing the pod the client is on mid-run costs no event', async () => {
    const clean = watch(podA.url, 'fanout~multi-pod-clean');
    const live = watch(front.url, RUN);
    let driver: Socket | undefined;
    try {
      await waitFor(() => (isFinished(clean.session) ? true : undefined), 'the clean run on pod A', 30_000);
      const expected = normalise(clean.session, true);

      // The client watches on pod B; then pod A starts the run (its only driver).
      await waitFor(() => podB.received.find((c) => c.kind === 'watch_intent' && c.runId === RUN), 'the client to watch on pod B');
      driver = connectSocketIo(`${podA.url}/sequential-thinking`, { transports: ['websocket'] });
      driver.emit('watch_intent', { intentId: RUN });
      await waitFor(() => (nodeRecord(live.session.nodeStatus.getState().byId)['step-1']?.status === 'succeeded' ? true : undefined), 'events from pod A on pod B');
      expect(podA.runs.has(`tolky:${RUN}`)).toBe(true);
      expect(podB.runs.size).toBe(0);
      const beforeKill = live.session.run.getState().logLength;
      expect(isFinished(live.session)).toBe(false);

      await podB.close();

      await waitFor(() => (isFinished(live.session) ? true : undefined), 'the run to end after the reconnect', 30_000);
      await new Promise((resolve) => setTimeout(resolve, 300)); // trailing frames after the terminal one
      expect(normalise(live.session, true)).toEqual(expected);
      expect(live.session.run.getState().logLength).toBeGreaterThan(beforeKill);
      // The client came back on pod A and caught up from its cursor.
      const replays = podA.received.filter((c) => c.kind === 'replay_events' && c.runId === RUN);
      expect(replays.some((c) => typeof (c.body as { sinceSeq?: unknown }).sinceSeq === 'number')).toBe(true);
    } finally {
      driver?.disconnect();
      live.close();
      clean.close();
    }
  }, 60_000);
});
