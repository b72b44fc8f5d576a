/**
 * The timers of a live session that look at the stream from outside: stale (silent past
 * the protocol's heartbeat), nothing yet (connected, but nothing about this run has
 * arrived — a wrong id), and the status check (the stream ended or went quiet without
 * saying how the run ended: ask the backend, where the dialect can), and the close of a
 * connection the server leaves open after the run's end (Dialect.closeAfterEndMs). One 1 s interval.
 */
import type { Dialect, StatusCheckReason } from '@/protocol/dialect';
import type { RunStore } from '@/stores/run-store';

/** Connected this long with nothing about the run: say so (tolky and MARS accept any id and stay silent). */
export const NOTHING_YET_AFTER_MS = 15_000;
/** Silent this long without a final status: ask the backend where the run stands (at most this often). */
export const STATUS_CHECK_AFTER_MS = 30_000;

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

export type WatchdogInputs = Readonly<{
  dialect: Dialect;
  run: RunStore;
  /** When the last frame (not a keep-alive) arrived. */
  lastFrameAtMs: () => number;
  ended: () => boolean;
  /** A hole is being refilled: the run's own final word may be waiting behind it. */
  refilling: () => boolean;
  checkStatus: (why: StatusCheckReason) => void;
  /** Closes the session's connection: the run is over and the server keeps it open. */
  closeEnded?: () => void;
  nothingYetAfterMs?: number;
  /** Shorter in tests: a status check after 30 s of silence would make a slow test. */
  statusCheckAfterMs?: number;
}>;

export function startWatchdogs(inputs: WatchdogInputs): () => void {
  const { dialect, run, lastFrameAtMs, ended, refilling, checkStatus } = inputs;
  const nothingYetAfterMs = inputs.nothingYetAfterMs ?? NOTHING_YET_AFTER_MS;
  const statusCheckAfterMs = inputs.statusCheckAfterMs ?? STATUS_CHECK_AFTER_MS;
  const startedAtMs = Date.now();
  let liveSinceMs: number | undefined;
  let lastCheckAtMs = -Infinity;
  let overSinceMs: number | undefined;
  const timer = setInterval(() => {
    const now = Date.now();
    const { connection, status, graph } = run.getState();
    const live = connection.state.status === 'live';
    liveSinceMs = live ? (liveSinceMs ?? now) : undefined;
    const stale = live && now - (connection.lastActivityAtMs ?? startedAtMs) > dialect.staleAfterMs;
    const nothingYet = live && liveSinceMs !== undefined && now - liveSinceMs > nothingYetAfterMs && status === 'pending' && graph.order.length === 0;
    if (stale !== connection.stale || nothingYet !== (connection.nothingYet ?? false)) run.getState().actions.setHealth({ stale, nothingYet });
    const quiet = now - lastFrameAtMs() > statusCheckAfterMs;
    const unsaid = !TERMINAL.has(status) && (ended() || quiet) && !refilling();
    overSinceMs = TERMINAL.has(status) ? (overSinceMs ?? now) : undefined;
    if (dialect.closeAfterEndMs !== undefined && live && overSinceMs !== undefined && now - overSinceMs >= dialect.closeAfterEndMs) inputs.closeEnded?.();
    if (dialect.checkStatus && unsaid && now - lastCheckAtMs > statusCheckAfterMs) {
      lastCheckAtMs = now;
      checkStatus(ended() ? 'ended' : 'quiet');
    }
  }, Math.min(1000, statusCheckAfterMs));
  return () => clearInterval(timer);
}
