/**
 * Watching without a stream: GETs a few paths every `everyMs` and hands each reply to
 * `onFrame` as `{reply: {method, path, status}, body}` (the same shape command replies
 * have). Used where the protocol's socket cannot be shared (MARS: a second socket steals
 * the run). One round at a time; a failed round is reported as reconnecting and retried at
 * the next tick; abortable. What the paths are is the dialect's decision (`requests`), and
 * the list is read again after each reply — a reply may add a path to the same round (MARS
 * fetches the history at once when a status says the run ended) — each path once a round.
 */
import { parseMaybeJson, NotConnectedError, runDetached, type Transport } from '@/transport/transport';
import { errorMessage } from '@/lib/error-message';

export type PollTransportOptions = Readonly<{
  baseUrl: string;
  headers?: Record<string, string>;
  everyMs: number;
  /** The paths to GET this round (may depend on what was read so far). */
  requests: () => readonly string[];
  fetchImpl?: typeof fetch;
}>;

export function createPollTransport(options: PollTransportOptions): Transport {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  return {
    kind: 'poll',
    connect(handlers, signal) {
      let failures = 0;
      let opened = false;
      const round = async () => {
        const fetched = new Set<string>();
        const nextPath = () => options.requests().find((path) => !fetched.has(path));
        try {
          for (let path = nextPath(); path !== undefined; path = nextPath()) {
            fetched.add(path);
            const response = await fetchImpl(new URL(path, options.baseUrl).toString(), { headers: { accept: 'application/json', ...options.headers }, signal });
            const body = parseMaybeJson(await response.text());
            if (signal.aborted) return;
            if (!opened || failures > 0) {
              handlers.onOpen?.({ reconnect: opened });
              handlers.onState({ status: 'live' });
              opened = true;
              failures = 0;
            }
            handlers.onFrame({ reply: { method: 'GET', path, status: response.status }, body });
          }
        } catch (error) {
          if (signal.aborted) return;
          failures += 1;
          const reason = errorMessage(error);
          handlers.onState({ status: 'reconnecting', attempt: failures, nextRetryAtMs: Date.now() + options.everyMs, reason });
        }
      };
      const loop = async () => {
        handlers.onState({ status: 'connecting' });
        while (!signal.aborted) {
          await round();
          if (handlers.shouldReconnect?.() === false) {
            handlers.onState({ status: 'closed', by: 'server', reason: 'the run is over' });
            return;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, options.everyMs);
            signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
          });
        }
        handlers.onState({ status: 'closed', by: 'client' });
      };
      runDetached('polling', loop(), handlers.onState);
    },
    send() {
      return Promise.reject(new NotConnectedError('polling'));
    },
  };
}
