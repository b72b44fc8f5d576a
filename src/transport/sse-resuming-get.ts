/**
 * The GET form of SSE: one stream at a time, opened again after it ends or fails, with jittered
 * backoff, until the session says the run is over (`shouldReconnect`), the server refuses for good
 * (a 4xx other than 429) or the signal aborts. `resume(reason)` ends the stream in flight and opens
 * the next one at once, without backoff: how a gap is refilled from the cursor.
 */
import { createBackoff, sleep, type BackoffOptions } from '@/transport/backoff';
import { describeError, isFinalRefusal } from '@/transport/http-status';
import type { TransportHandlers } from '@/transport/transport';

/** Opens one stream and reads it to its end (`readSseStream` with the request filled in). */
export type OpenStream = (signal: AbortSignal, isReconnect: boolean, onOpened: () => void) => Promise<unknown>;

type Attempt = { controller: AbortController; resumeReason?: string };
type Next = { kind: 'stop' } | { kind: 'aborted' } | { kind: 'resume' } | { kind: 'retry'; reason: string };

export class ResumingSseGet {
  /** The GET in flight (one per attempt), so `resume` can end it without ending the loop. */
  private inFlight: Attempt | undefined;
  private opened = false;

  constructor(
    private readonly open: OpenStream,
    private readonly handlers: () => TransportHandlers | undefined,
    private readonly backoffOptions: BackoffOptions | undefined,
  ) {}

  resume(reason: string): void {
    if (!this.inFlight || this.inFlight.controller.signal.aborted) return;
    this.inFlight.resumeReason = reason;
    this.inFlight.controller.abort();
  }

  async run(signal: AbortSignal): Promise<void> {
    const backoff = createBackoff(this.backoffOptions);
    this.opened = false;
    while (!signal.aborted) {
      const next = await this.attempt(signal, backoff);
      if (next.kind === 'stop') return;
      if (next.kind === 'aborted') break;
      if (next.kind === 'resume') continue;
      const { attempt, delayMs } = backoff.next();
      this.handlers()?.onState({ status: 'reconnecting', attempt, nextRetryAtMs: Date.now() + delayMs, reason: next.reason });
      await sleep(delayMs, signal);
      if (!signal.aborted) this.handlers()?.onState({ status: 'connecting' });
    }
    this.handlers()?.onState({ status: 'closed', by: 'client' });
  }

  private async attempt(signal: AbortSignal, backoff: ReturnType<typeof createBackoff>): Promise<Next> {
    const thisTry: Attempt = { controller: new AbortController() };
    this.inFlight = thisTry;
    const onAbort = () => thisTry.controller.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await this.open(thisTry.controller.signal, this.opened, () => (this.opened = true));
      if (this.serverIsDone()) return { kind: 'stop' };
      backoff.reset();
      return { kind: 'retry', reason: 'the server ended the stream' };
    } catch (error) {
      return this.afterFailure(error, signal, thisTry);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private afterFailure(error: unknown, signal: AbortSignal, thisTry: Attempt): Next {
    if (signal.aborted) return { kind: 'aborted' };
    const handlers = this.handlers();
    if (thisTry.resumeReason !== undefined) {
      // Asked to resume now (a gap): no backoff, the server is fine.
      handlers?.onState({ status: 'reconnecting', attempt: 1, nextRetryAtMs: Date.now(), reason: thisTry.resumeReason });
      handlers?.onState({ status: 'connecting' });
      return { kind: 'resume' };
    }
    if (isFinalRefusal(error)) {
      handlers?.onState({ status: 'error', error: error.message, ...(error.status === 404 || error.status === 410 ? { notFound: true } : {}) });
      return { kind: 'stop' };
    }
    // Browsers may report a server's close after the last event as a network error.
    if (this.serverIsDone()) return { kind: 'stop' };
    return { kind: 'retry', reason: describeError(error) };
  }

  /** The session says the run is over: the stream is closed by the server, not retried. */
  private serverIsDone(): boolean {
    const handlers = this.handlers();
    if (handlers?.shouldReconnect?.() !== false) return false;
    handlers.onState({ status: 'closed', by: 'server' });
    return true;
  }
}
