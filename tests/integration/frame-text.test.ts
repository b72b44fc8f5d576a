/**
 * The SSE and WebSocket transports hand the recording each frame's own JSON text, so it keeps
 * one string instead of the parsed frame. That text must be the frame exactly (same value, same
 * key order), and a recording built from it must read back to the frames the decoder saw.
 * Real servers on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, test } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';

import { FrameLog } from '@/ingest/frame-log';
import { createSseTransport } from '@/transport/sse-transport';
import type { Transport } from '@/transport/transport';
import { createWebSocketTransport } from '@/transport/websocket-transport';
import { waitFor } from './wait-for';

type Received = { frame: unknown; textLength?: number; frameText?: string };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  // Last opened, first closed: the HTTP server's close waits for the sockets on it.
  for (const close of closers.splice(0).reverse()) await close();
});

function listen(server: Server): Promise<number> {
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function receiveAll(transport: Transport, count: number): Promise<Received[]> {
  const received: Received[] = [];
  const stop = new AbortController();
  closers.push(async () => stop.abort());
  transport.connect(
    {
      onFrame: (frame, textLength, frameText) => received.push({ frame, textLength, frameText }),
      onState: () => undefined,
      shouldReconnect: () => false,
    },
    stop.signal,
  );
  return waitFor(() => (received.length >= count ? received : undefined), `${count} frames`);
}

/** Every given text is the frame's JSON (same key order), and the recording reads back the frames. */
function expectTextsTrue(received: Received[]): void {
  for (const { frame, frameText } of received) {
    if (frameText !== undefined) expect(JSON.stringify(JSON.parse(frameText))).toBe(JSON.stringify(frame));
  }
  const log = new FrameLog({ runboard: 1, dialect: 'agui', transport: 'sse', source: 'x', startedAt: '' }, 0);
  received.forEach(({ frame, textLength, frameText }, i) => log.addFrame(frame, i, textLength, frameText));
  const lines = log.toJsonl().trimEnd().split('\n').slice(1);
  expect(lines.map((line) => (JSON.parse(line) as { frame: unknown }).frame)).toEqual(received.map((r) => r.frame));
  received.forEach(({ frame }, i) => expect(log.frameAt(i)).toEqual(frame));
}

describe("a transport hands over each frame's own text", () => {
  test('SSE: JSON data with an id and an event name, spaced JSON, multi-line data, and [DONE]', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('id: 7\nevent: step\ndata: {"n":1,"s":"a\\"b"}\n\n');
      res.write('data: { "spaced" :  [1, 2] }\n\n');
      res.write('data: {"lines":\ndata: 2}\n\n');
      res.end('data: [DONE]\n\n');
    });
    const port = await listen(server);
    const received = await receiveAll(createSseTransport({ url: `http://127.0.0.1:${port}/`, backoff: { baseMs: 5, capMs: 5 } }), 4);
    expect(received.map((r) => r.frame)).toEqual([
      { data: { n: 1, s: 'a"b' }, id: '7', event: 'step' },
      { data: { spaced: [1, 2] } },
      { data: { lines: 2 } },
      { data: '[DONE]' },
    ]);
    expect(received.map((r) => r.frameText !== undefined)).toEqual([true, true, true, false]);
    expectTextsTrue(received);
  });

  test('WebSocket: JSON objects, a JSON string, and plain text', async () => {
    const server = createServer();
    const wss = new WebSocketServer({ server });
    wss.on('connection', (socket) => {
      socket.send('{"event":"agent.thinking", "metadata":{"k":1}}');
      socket.send('"just a string"');
      socket.send('ping');
    });
    closers.push(() => new Promise((resolve) => wss.close(() => resolve())));
    const port = await listen(server);
    const transport = createWebSocketTransport({ url: `ws://127.0.0.1:${port}/`, WebSocketImpl: WebSocket as never, backoff: { baseMs: 5, capMs: 5 } });
    const received = await receiveAll(transport, 3);
    expect(received.map((r) => r.frame)).toEqual([{ event: 'agent.thinking', metadata: { k: 1 } }, 'just a string', 'ping']);
    expect(received.map((r) => r.frameText !== undefined)).toEqual([true, true, false]);
    expectTextsTrue(received);
  });
});
