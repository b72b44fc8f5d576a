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
  const packet = packetText(s);
  for (const event of options.events) {
    s.on(event, (data: unknown) => handlers.onFrame({ event, data }, packet.length(data)));
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

/**
 * The length of the packet text an event was decoded from, so the recording weighs the frame
 * without walking it (frame-log.ts). engine.io hands the manager each packet's text (`data`)
 * and socket.io's decoder turns it into a packet at once (`decoded`); the event reaches its
 * handler later (a microtask, or once the namespace is connected), so the length is kept with
 * the event's data object until then. A binary packet's last part is not text: no length, and
 * the frame is walked; so is data that is not an object.
 */
function packetText(s: Socket): { length: (data: unknown) => number | undefined } {
  const lengths = new WeakMap<object, number>();
  let text: number | undefined;
  // The decoder is the manager's own (not in its types); it lives as long as the manager.
  const decoder = (s.io as unknown as { decoder?: { on(event: 'decoded', listener: (packet: { data?: unknown }) => void): void } }).decoder;
  decoder?.on('decoded', (packet) => {
    const data = Array.isArray(packet.data) ? (packet.data[1] as unknown) : undefined;
    if (text !== undefined && typeof data === 'object' && data !== null) lengths.set(data, text);
  });
  // A new engine for every (re)connection; the manager says `open` before it reads any packet.
  s.io.on('open', () => s.io.engine.on('data', (data: unknown) => (text = typeof data === 'string' ? data.length : undefined)));
  return { length: (data) => (typeof data === 'object' && data !== null ? lengths.get(data) : undefined) };
}
