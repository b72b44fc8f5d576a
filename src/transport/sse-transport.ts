/**
 * SSE over fetch (not EventSource): fetch can send auth headers and `Last-Event-ID` on
 * every reconnect, which EventSource cannot. Parsing is eventsource-parser's, not ours.
 *
 * Owns: one GET (or POST for AG-UI) stream at a time, reconnection with jittered backoff,
 * and the resume cursor header. Each SSE message becomes `{id?, event?, data}` with `data`
 * parsed as JSON when it is JSON (`[DONE]` stays text). Comments count as keep-alives.
 */
import { createParser } from 'eventsource-parser';

import { createBackoff, sleep } from '@/transport/backoff';
import { NotConnectedError, parseMaybeJson, runDetached, type Transport, type TransportHandlers } from '@/transport/transport';

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

export type SseFrame = { id?: string; event?: string; data: unknown };

export function createSseTransport(options: SseTransportOptions): Transport {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  let handlers: TransportHandlers | undefined;
  let outerSignal: AbortSignal | undefined;
  let current: AbortController | undefined;
  /** The GET in flight (one per attempt), so `reconnect` can end it without ending the loop. */
  let inFlight: { controller: AbortController; reason?: string } | undefined;

  async function readStream(init: RequestInit, signal: AbortSignal, isReconnect: boolean, onOpened?: () => void): Promise<'ended'> {
    const response = await fetchImpl(options.url, { ...init, signal });
    if (!response.ok || !response.body) {
      throw new HttpStatusError(response.status, await safeText(response));
    }
    // Counted as opened at once: a stream cut mid-way is followed by a REconnect (new epoch).
    onOpened?.();
    handlers?.onOpen?.({ reconnect: isReconnect });
    handlers?.onState({ status: 'live' });
    const parser = createParser({
      onEvent: (message) => {
        const frame: SseFrame = { data: parseMaybeJson(message.data) };
        if (message.id !== undefined) frame.id = message.id;
        if (message.event !== undefined) frame.event = message.event;
        handlers?.onFrame(frame, message.data.length);
      },
      onComment: () => handlers?.onAlive?.(),
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'ended';
      parser.feed(value);
    }
  }

  function requestInit(): RequestInit {
    const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
    const cursor = options.getCursor?.();
    if (cursor !== undefined && !options.post) headers[options.resumeHeader ?? 'last-event-id'] = cursor;
    if (options.post) {
      headers['content-type'] = 'application/json';
      return { method: 'POST', headers, body: JSON.stringify(options.post.body) };
    }
    return { method: 'GET', headers, cache: 'no-store' };
  }

  async function runGetLoop(signal: AbortSignal) {
    const backoff = createBackoff(options.backoff);
    let opened = false;
    while (!signal.aborted) {
      let reason: string;
      const thisTry: { controller: AbortController; reason?: string } = { controller: new AbortController() };
      inFlight = thisTry;
      const onAbort = () => thisTry.controller.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        await readStream(requestInit(), thisTry.controller.signal, opened, () => (opened = true));
        if (handlers?.shouldReconnect?.() === false) {
          handlers.onState({ status: 'closed', by: 'server' });
          return;
        }
        backoff.reset();
        reason = 'the server ended the stream';
      } catch (error) {
        if (signal.aborted) break;
        if (thisTry.reason !== undefined) {
          // Asked to resume now (a gap): no backoff, the server is fine.
          handlers?.onState({ status: 'reconnecting', attempt: 1, nextRetryAtMs: Date.now(), reason: thisTry.reason });
          handlers?.onState({ status: 'connecting' });
          continue;
        }
        if (error instanceof HttpStatusError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          handlers?.onState({ status: 'error', error: error.message, ...(error.status === 404 || error.status === 410 ? { notFound: true } : {}) });
          return;
        }
        reason = describeError(error);
        // Browsers may report a server's close after the last event as a network error.
        if (handlers?.shouldReconnect?.() === false) {
          handlers.onState({ status: 'closed', by: 'server' });
          return;
        }
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
      const { attempt, delayMs } = backoff.next();
      handlers?.onState({ status: 'reconnecting', attempt, nextRetryAtMs: Date.now() + delayMs, reason });
      await sleep(delayMs, signal);
      if (!signal.aborted) handlers?.onState({ status: 'connecting' });
    }
    handlers?.onState({ status: 'closed', by: 'client' });
  }

  async function runPost(init: RequestInit, signal: AbortSignal, isFollowUp: boolean) {
    try {
      await readStream(init, signal, isFollowUp);
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
      if (options.post || !inFlight || inFlight.controller.signal.aborted) return;
      inFlight.reason = reason;
      inFlight.controller.abort();
    },
    connect(h, signal) {
      handlers = h;
      outerSignal = signal;
      current = new AbortController();
      signal.addEventListener('abort', () => current?.abort(), { once: true });
      h.onState({ status: 'connecting' });
      const loop = options.post ? runPost(requestInit(), current.signal, false) : runGetLoop(current.signal);
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

export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`HTTP ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
    this.name = 'HttpStatusError';
  }
}

async function safeText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

/** Browsers report a CORS block as a bare TypeError; say what it probably is. */
export function describeError(error: unknown): string {
  if (error instanceof TypeError && /fetch/i.test(error.message)) {
    return `${error.message} (the backend may be down, or it does not allow this origin: check its CORS settings)`;
  }
  return error instanceof Error ? error.message : String(error);
}
