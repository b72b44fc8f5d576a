/**
 * A transport's read loop runs detached from `connect`. When one of our own handlers throws where
 * the loop cannot catch it as a network failure, the connection must end with an `error` state that
 * says so, never as a rejection nobody sees (the banner would stay on "reconnecting" for ever).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, test } from 'vitest';

import { createPollTransport } from '@/transport/poll-transport';
import { createSseTransport } from '@/transport/sse-transport';
import type { ConnectionState, Transport } from '@/transport/transport';
import { waitFor } from './wait-for';

let server: Server | undefined;
const stops: AbortController[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop.abort();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A real HTTP server on port 0: every request gets one SSE event, then the stream ends. */
async function serveOneEvent(): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end('id: 1\ndata: {"n":1}\n\n');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
}

/** Connects with an onState handler that throws once on `throwOn`, and records every state. */
function connectThrowingOn(transport: Transport, throwOn: ConnectionState['status']): ConnectionState[] {
  const states: ConnectionState[] = [];
  let thrown = false;
  const stop = new AbortController();
  stops.push(stop);
  transport.connect(
    {
      onFrame: () => undefined,
      onState: (state) => {
        states.push(state);
        if (state.status === throwOn && !thrown) {
          thrown = true;
          throw new Error('a handler bug');
        }
      },
      shouldReconnect: () => true,
    },
    stop.signal,
  );
  return states;
}

describe('a handler that throws inside a detached transport loop', () => {
  test('SSE: the connection ends in an error state naming the failure', async () => {
    const url = await serveOneEvent();
    const states = connectThrowingOn(createSseTransport({ url, backoff: { baseMs: 5, capMs: 5 } }), 'reconnecting');
    await waitFor(() => states.some((s) => s.status === 'error'), 'an error state');
    expect(states.at(-1)).toEqual({ status: 'error', error: 'the SSE connection stopped on an internal error: a handler bug' });
  });

  test('polling: the connection ends in an error state naming the failure', async () => {
    const url = await serveOneEvent();
    const transport = createPollTransport({ baseUrl: url, everyMs: 5, requests: () => ['/a'] });
    const states = connectThrowingOn(transport, 'connecting');
    await waitFor(() => states.some((s) => s.status === 'error'), 'an error state');
    expect(states.at(-1)).toEqual({ status: 'error', error: 'the polling connection stopped on an internal error: a handler bug' });
  });
});
