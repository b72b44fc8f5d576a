/**
 * Plain WebSocket with an application heartbeat and capped, jittered reconnection.
 *
 * Owns: one socket at a time, the protocol's ping message on a timer, and reconnects.
 * Messages are delivered parsed as JSON when they are JSON, else as text. Whether a
 * reconnect may resend anything (MARS must never resend its start frame) is the
 * session's decision through `onOpen`, not this adapter's.
 */
import { createBackoff, sleep } from '@/transport/backoff';
import { deliverTextFrame, NotConnectedError, runDetached, type Transport } from '@/transport/transport';

type WebSocketLike = {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
};
type WebSocketConstructor = new (url: string) => WebSocketLike;

export type WebSocketTransportOptions = Readonly<{
  url: string;
  heartbeat?: { message: unknown; everyMs: number };
  /** Injected in Node tests (the `ws` package); the browser's WebSocket otherwise. */
  WebSocketImpl?: WebSocketConstructor;
  backoff?: { baseMs?: number; capMs?: number };
}>;

const OPEN = 1;

export function createWebSocketTransport(options: WebSocketTransportOptions): Transport {
  const Impl = options.WebSocketImpl ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
  let socket: WebSocketLike | undefined;
  /** Set by `reconnect`: the next close is ours, reopen at once without backoff. */
  let resumeReason: string | undefined;

  return {
    kind: 'websocket',
    connect(handlers, signal) {
      const backoff = createBackoff(options.backoff);
      let opened = false;

      const openOnce = () =>
        new Promise<string>((resolve) => {
          const ws = new Impl(options.url);
          socket = ws;
          let heartbeat: ReturnType<typeof setInterval> | undefined;
          const onAbort = () => ws.close(1000);
          signal.addEventListener('abort', onAbort, { once: true });
          ws.onopen = () => {
            backoff.reset();
            handlers.onOpen?.({ reconnect: opened });
            opened = true;
            handlers.onState({ status: 'live' });
            if (options.heartbeat) {
              const { message, everyMs } = options.heartbeat;
              heartbeat = setInterval(() => ws.readyState === OPEN && ws.send(JSON.stringify(message)), everyMs);
            }
          };
          ws.onmessage = (event) => {
            if (signal.aborted) return;
            if (typeof event.data === 'string') deliverTextFrame(event.data, handlers);
            else handlers.onFrame(event.data);
          };
          ws.onerror = () => undefined; // the close event that follows carries the reason
          ws.onclose = (event) => {
            clearInterval(heartbeat);
            signal.removeEventListener('abort', onAbort);
            resolve(event.reason || `connection closed (code ${event.code})`);
          };
        });

      const loop = async () => {
        handlers.onState({ status: 'connecting' });
        while (!signal.aborted) {
          const reason = await openOnce();
          if (signal.aborted) break;
          if (resumeReason !== undefined) {
            handlers.onState({ status: 'reconnecting', attempt: 1, nextRetryAtMs: Date.now(), reason: resumeReason });
            resumeReason = undefined;
            handlers.onState({ status: 'connecting' });
            continue;
          }
          if (handlers.shouldReconnect?.() === false) {
            handlers.onState({ status: 'closed', by: 'server', reason });
            return;
          }
          const { attempt, delayMs } = backoff.next();
          handlers.onState({ status: 'reconnecting', attempt, nextRetryAtMs: Date.now() + delayMs, reason });
          await sleep(delayMs, signal);
          if (!signal.aborted) handlers.onState({ status: 'connecting' });
        }
        handlers.onState({ status: 'closed', by: 'client' });
      };
      runDetached('WebSocket', loop(), handlers.onState);
    },
    reconnect(reason) {
      if (!socket || socket.readyState !== OPEN) return;
      resumeReason = reason;
      socket.close(4000);
    },
    async send(message) {
      if (!socket || socket.readyState !== OPEN) throw new NotConnectedError('WebSocket');
      socket.send(JSON.stringify(message));
    },
  };
}
