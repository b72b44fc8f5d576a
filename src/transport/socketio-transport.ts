/**
 * Socket.IO client: namespace + auth, socket.io-client's own reconnection (capped,
 * jittered) mapped onto our ConnectionState.
 *
 * Every event named in `events` is delivered as the frame `{event, data}` (its first
 * argument), the recording format. Subscriptions (watch_intent, replay) are re-sent by
 * the session from `onOpen` after every reconnect, since rooms do not survive one.
 *
 * socket.io-client (~13 KB gzip) is imported when a run connects, not with the app: only
 * Socket.IO dialects need it, and every other first visit stays under the initial-JS
 * budget (issue 15, bench/bundle.ts).
 */
import type { io as Io, Socket } from 'socket.io-client';

import { NotConnectedError, runDetached, type Transport, type TransportHandlers } from '@/transport/transport';

export type SocketIoTransportOptions = Readonly<{
  url: string;
  namespace: string;
  auth?: Record<string, unknown>;
  events: readonly string[];
  backoff?: { baseMs?: number; capMs?: number };
}>;

export function createSocketIoTransport(options: SocketIoTransportOptions): Transport {
  let socket: Socket | undefined;

  return {
    kind: 'socket.io',
    connect(handlers, signal) {
      handlers.onState({ status: 'connecting' });
      const opened = import('socket.io-client').then(
        ({ io }) => {
          if (!signal.aborted) socket = openSocket(io, options, handlers, signal);
        },
        (error: unknown) => handlers.onState({ status: 'error', error: `the Socket.IO client did not load: ${String(error)}` }),
      );
      runDetached('Socket.IO', opened, handlers.onState);
    },
    async send(message) {
      if (!socket?.connected) throw new NotConnectedError('Socket.IO');
      const { event, data } = message as { event: string; data: unknown };
      socket.emit(event, data);
    },
  };
}


function openSocket(io: typeof Io, options: SocketIoTransportOptions, handlers: TransportHandlers, signal: AbortSignal): Socket {
  const s = io(new URL(options.namespace, options.url).toString(), {
    auth: options.auth ?? {},
    transports: ['websocket'],
    reconnectionDelay: options.backoff?.baseMs ?? 500,
    reconnectionDelayMax: options.backoff?.capMs ?? 15_000,
    randomizationFactor: 0.5,
  });
  let opened = false;

  s.on('connect', () => {
    handlers.onOpen?.({ reconnect: opened });
    opened = true;
    handlers.onState({ status: 'live' });
  });
  for (const event of options.events) {
    s.on(event, (data: unknown) => handlers.onFrame({ event, data }));
  }
  s.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') handlers.onState({ status: 'closed', by: 'client' });
    else if (reason === 'io server disconnect') handlers.onState({ status: 'closed', by: 'server', reason });
    // any other reason: socket.io reconnects by itself; reconnect_attempt reports progress
  });
  s.io.on('reconnect_attempt', (attempt) =>
    handlers.onState({ status: 'reconnecting', attempt, nextRetryAtMs: Date.now(), reason: 'connection lost' }),
  );
  s.io.on('reconnect_failed', () => handlers.onState({ status: 'error', error: 'gave up reconnecting' }));
  s.on('connect_error', (error) => {
    // active === false: the server refused us (e.g. auth); no retry will follow
    if (!s.active) handlers.onState({ status: 'error', error: error.message });
  });
  signal.addEventListener('abort', () => s.disconnect(), { once: true });
  return s;
}
