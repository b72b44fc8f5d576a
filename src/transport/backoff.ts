/**
 * Capped exponential backoff with jitter (socket.io-client's backo2 idea, our own code).
 *
 * Half the delay is fixed and half is random, so a fleet of clients spreads out after a
 * server restart while no client ever retries instantly.
 */
export type BackoffOptions = Readonly<{ baseMs?: number; capMs?: number; random?: () => number }>;

export function createBackoff({ baseMs = 500, capMs = 15_000, random = Math.random }: BackoffOptions = {}) {
  let attempt = 0;
  return {
    /** Delay before the next try; each call counts one attempt. */
    next(): { attempt: number; delayMs: number } {
      attempt += 1;
      const ceiling = Math.min(capMs, baseMs * 2 ** (attempt - 1));
      return { attempt, delayMs: Math.round(ceiling / 2 + (random() * ceiling) / 2) };
    },
    reset(): void {
      attempt = 0;
    },
    get attempt(): number {
      return attempt;
    },
  };
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
