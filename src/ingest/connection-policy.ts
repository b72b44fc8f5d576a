/**
 * The connection policy: what a live session does when its connection ends, read from the
 * dialect's `recovery.drop` (protocol/dialect.ts), never from protocol ids. It sits beside
 * hole-recovery.ts, which carries out the rest of that data (holes and their refills).
 *
 *   drop 'resume' ─▶ reconnect (onOpen resumes from the cursor) until the run is over; after
 *                    that only while a resumed refill is pending, at most REFILLS_AFTER_END times
 *   drop 'watch'  ─▶ give the socket up and watch through `watchPlan` (MARS: a new socket would
 *                    steal or restart the run); a watch reconnects (polls on) until the run is over
 *   drop 'report' ─▶ give up: the stream ended (AG-UI cannot resume)
 *
 * Pure: it decides; the session performs (src/session/create-live-session.ts). Guarded by
 * connection-policy.test.ts and the live tests over real servers (tests/integration/*-live.test.ts).
 */
import type { Recovery } from '@/protocol/dialect';

export type DropDecision = 'reconnect' | 'watch' | 'give-up';

export type DropContext = Readonly<{
  /** The stream said the run is over, or the run has a final status. */
  over: boolean;
  /** The session already watches without its socket. */
  watching: boolean;
  /** A hole is being refilled by a resumed stream (asked only once the run is over). */
  resumePending: () => boolean;
}>;

/** Reconnects allowed after the run ended, only to refill a hole still open (never forever). */
export const REFILLS_AFTER_END = 3;

export class ConnectionPolicy {
  private refillsAfterEnd = 0;

  constructor(private readonly recovery: Recovery) {}

  /** A session that does not start the run watches without the socket from the start where the protocol says so. */
  watchesFromStart(startsRun: boolean): boolean {
    return !startsRun && this.recovery.drop === 'watch';
  }

  /** Asked when a connection ends (and by a watch after each round). */
  onDrop(context: DropContext): DropDecision {
    switch (this.recovery.drop) {
      case 'watch':
        if (context.over) return 'give-up';
        return context.watching ? 'reconnect' : 'watch';
      case 'report':
        return 'give-up';
      case 'resume':
        if (!context.over) return 'reconnect';
        return context.resumePending() && this.refillsAfterEnd++ < REFILLS_AFTER_END ? 'reconnect' : 'give-up';
    }
  }
}
