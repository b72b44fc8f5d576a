/**
 * One request and its answer over Socket.IO, then disconnect: how a run list is read from
 * a backend whose API is events (tolky's `list_session_intents` → `session_intents`).
 *
 * No reconnection: a list fetch that cannot connect fails at once with the reason, and the
 * poller tries again on its next tick. Frames stay `unknown`; the caller's `isAnswer` decides
 * which event answers. Resolves with that frame; rejects with a readable Error on a
 * refused handshake, a timeout or an abort. socket.io-client loads with the first such
 * request, not with the console that shows the list (socketio-transport.ts does the same).
 */

export type SocketIoRequest = Readonly<{
  url: string;
  namespace: string;
  auth: Record<string, unknown>;
  emit: Readonly<{ event: string; data: unknown }>;
  replyEvents: readonly string[];
  /** True when this frame is the answer (others, such as an unrelated broadcast, are ignored). */
  isAnswer: (frame: { event: string; data: unknown }) => boolean;
  timeoutMs: number;
  signal: AbortSignal;
}>;

export class SocketIoRequestError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'timeout' | 'aborted' | 'unreachable',
  ) {
    super(message);
    this.name = 'SocketIoRequestError';
  }
}

export async function requestOverSocketIo(request: SocketIoRequest): Promise<{ event: string; data: unknown }> {
  const { io } = await import('socket.io-client');
  return new Promise((resolve, reject) => {
    const socket = io(new URL(request.namespace, request.url).toString(), {
      auth: request.auth,
      transports: ['websocket'],
      reconnection: false,
      timeout: request.timeoutMs,
    });
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      socket.disconnect();
      outcome();
    };
    const onAbort = () => finish(() => reject(new SocketIoRequestError('the request was stopped', 'aborted')));
    const timer = setTimeout(
      () => finish(() => reject(new SocketIoRequestError(`no answer within ${Math.round(request.timeoutMs / 1000)} s`, 'timeout'))),
      request.timeoutMs,
    );
    if (request.signal.aborted) return onAbort();
    request.signal.addEventListener('abort', onAbort, { once: true });

    socket.on('connect', () => socket.emit(request.emit.event, request.emit.data));
    for (const event of request.replyEvents) {
      socket.on(event, (data: unknown) => {
        const frame = { event, data };
        if (request.isAnswer(frame)) finish(() => resolve(frame));
      });
    }
    socket.on('connect_error', (error) => {
      // A server-side middleware refusal carries `data`; anything else is the network.
      const refused = 'data' in error && error.data !== undefined;
      finish(() => reject(new SocketIoRequestError(error.message, refused ? 'refused' : 'unreachable')));
    });
  });
}
