/**
 * The fault proxy's cut schedule spares a WebSocket until its upstream is open and what the
 * client sent first was relayed (mars seeds 52, 53, 59 of `faults:long` under load: the cut
 * fell while the upstream was still opening, MARS's `{task}` frame was lost and the run never
 * began — a lost start, not a stream losing events). Deterministic: the server answers the
 * upgrade only after the scheduled cuts have fallen.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

import { afterEach, expect, test } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';

import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A WebSocket server that opens each upgrade `delayMs` late and records the first message of each socket. */
async function slowServer(delayMs: number): Promise<{ url: string; first: string[] }> {
  const first: string[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    setTimeout(() => wss.handleUpgrade(req, socket, head, (ws) => ws.once('message', (data) => first.push(String(data)))), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    wss.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, first };
}

test('a socket whose upstream is still opening is not cut: its first frame reaches the server', async () => {
  const target = await slowServer(900);
  // Cuts every 350 ms: two fall while the upstream opens, each past the 300 ms a young socket is spared.
  const proxy: FaultProxy = await startFaultProxy({ target: target.url, seed: 1, cutEveryMs: [350, 350], rates: { drop: 0, duplicate: 0, reorder: 0, reorderWindow: 5, delay: 0, delayMs: 0 } });
  closers.unshift(() => proxy.close());
  const client = new WebSocket(`${proxy.url.replace('http', 'ws')}/ws/task-1`);
  client.on('error', () => undefined);
  client.on('open', () => client.send('{"task":"start"}'));
  await new Promise((resolve) => setTimeout(resolve, 1_300));
  client.terminate();
  expect(proxy.stats.cuts).toBeGreaterThanOrEqual(2);
  expect(target.first).toEqual(['{"task":"start"}']);
});
