/**
 * SSE over fetch (not EventSource): fetch can send auth headers and `Last-Event-ID` on
 * every reconnect, which EventSource cannot.
 *
 * Owns: one GET (or POST for AG-UI) stream at a time and the resume cursor header. Reading a
 * response is `sse-read.ts`; the GET form's reconnection with jittered backoff is
 * `sse-resuming-get.ts`; what an HTTP failure says is `http-status.ts`.
 */
import { describeError } from '@/transport/http-status';
import { readSseStream } from '@/transport/sse-read';
import { ResumingSseGet } from '@/transport/sse-resuming-get';
import { NotConnectedError, runDetached, type Transport, type TransportHandlers } from '@/transport/transport';

export type SseTransportOptions = Readonly<{
  url: string;
  headers?: Record<string, string>;
  /** Cursor to resume from on reconnect (sent as `Last-Event-ID`). */
  getCursor?: () => string | undefined;
  resumeHeader?: string;
  /** POST+SSE (AG-UI): the first body; later runs go through `send`. No automatic reconnect. */
  post?: { body: unknown };
  fetchImpl?: typeof fetch;
  backoff?: { baseMs?: number; capMs?: number };
}>;

export function createSseTransport(options: SseTransportOptions): Transport {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  let handlers: TransportHandlers | undefined;
  let outerSignal: AbortSignal | undefined;
  let current: AbortController | undefined;
  const read = (init: RequestInit, signal: AbortSignal, isReconnect: boolean, onOpened?: () => void) =>
    readSseStream({ fetchImpl, url: options.url, init, signal, isReconnect, ...(onOpened ? { onOpened } : {}) }, handlers);
  const get = new ResumingSseGet((signal, isReconnect, onOpened) => read(requestInit(options), signal, isReconnect, onOpened), () => handlers, options.backoff);

  async function runPost(init: RequestInit, signal: AbortSignal, isFollowUp: boolean) {
    try {
      await read(init, signal, isFollowUp);
      if (!signal.aborted) handlers?.onState({ status: 'closed', by: 'server' });
    } catch (error) {
      if (signal.aborted) return;
      // AG-UI has no resume: a dropped run stream is reported, not silently retried.
      handlers?.onState({ status: 'error', error: `the run stream dropped: ${describeError(error)}` });
    }
  }

  return {
    kind: options.post ? 'post-sse' : 'sse',
    reconnect(reason) {
      if (!options.post) get.resume(reason);
    },
    connect(h, signal) {
      handlers = h;
      outerSignal = signal;
      current = new AbortController();
      signal.addEventListener('abort', () => current?.abort(), { once: true });
      h.onState({ status: 'connecting' });
      const loop = options.post ? runPost(requestInit(options), current.signal, false) : get.run(current.signal);
      runDetached('SSE', loop, h.onState);
    },
    async send(message) {
      if (!options.post || !outerSignal || outerSignal.aborted) throw new NotConnectedError('SSE');
      // A follow-up AG-UI run replaces the finished stream on the same session.
      current?.abort();
      current = new AbortController();
      const signal = current.signal;
      outerSignal.addEventListener('abort', () => current?.abort(), { once: true });
      handlers?.onState({ status: 'connecting' });
      const init: RequestInit = {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json', ...options.headers },
        body: JSON.stringify(message),
      };
      // Detached: send resolves once the new stream is asked for; the stream reports through the handlers.
      if (handlers) runDetached('SSE', runPost(init, signal, true), handlers.onState);
    },
  };
}

/** The first request: a GET that resumes from the cursor, or AG-UI's POST with the run's body. */
function requestInit(options: SseTransportOptions): RequestInit {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  const cursor = options.getCursor?.();
  if (cursor !== undefined && !options.post) headers[options.resumeHeader ?? 'last-event-id'] = cursor;
  if (options.post) {
    headers['content-type'] = 'application/json';
    return { method: 'POST', headers, body: JSON.stringify(options.post.body) };
  }
  return { method: 'GET', headers, cache: 'no-store' };
}
