/**
 * The Socket.IO transport hands each frame on with the length of the packet text it was
 * decoded from, as the SSE and WebSocket transports do, so the recording weighs it without
 * walking it (frame-log.ts). A real socket.io server on 127.0.0.1 and the real client.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Server } from 'socket.io';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { createSocketIoTransport } from '@/transport/socketio-transport';

import { waitFor } from './wait-for';

const NAMESPACE = '/runs';
const SENT: [string, unknown][] = [
  ['sequential_thinking_event', { type: 'status_narration', seq: 1, text: 'the market grows' }],
  ['session_joined', { sessionId: 's1', note: 'ünïcödé and "quotes"' }],
  ['sequential_thinking_event', { type: 'token_usage_updated', seq: 2, usage: { input: 12, output: 3.5 } }],
];

let io: Server;
let url: string;
beforeAll(async () => {
  const http = createServer();
  io = new Server(http);
  io.of(NAMESPACE).on('connection', (socket) => {
    for (const [event, data] of SENT) socket.emit(event, data);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await io.close();
});

it('hands each event on with the length of its packet text', async () => {
  const transport = createSocketIoTransport({ url, namespace: NAMESPACE, events: ['sequential_thinking_event', 'session_joined'] });
  const received: { frame: { event: string; data: unknown }; textLength: number | undefined }[] = [];
  const controller = new AbortController();
  transport.connect({ onFrame: (frame, textLength) => received.push({ frame: frame as { event: string; data: unknown }, textLength }), onState() {} }, controller.signal);
  try {
    await waitFor(() => received.length === SENT.length, 'the three events');
  } finally {
    controller.abort();
  }
  // A socket.io event packet's text (engine.io has taken off its own `4`): `2`, the namespace and a comma, the JSON array.
  expect(received.map(({ frame }) => [frame.event, frame.data])).toEqual(SENT);
  expect(received.map(({ textLength }) => textLength)).toEqual(SENT.map((pair) => `2${NAMESPACE},${JSON.stringify(pair)}`.length));
});
