/** The dialect contract's recovery data: how a protocol orders its frames and how lost ones come back. */
/**
 * How the protocol orders its frames:
 * - `seq`: frames carry a number; a frame ahead of the next one waits (briefly) for the
 *   ones before it. `holes: 'lost'` means a missing number is a lost frame to fetch again;
 *   `holes: 'normal'` means the server skips numbers (myagent coalesces partial answers), so
 *   a hole is only noted. `firstSeq`: where a scope starts when the protocol says (relavium 0).
 * - `arrival`: no number (MARS, AG-UI): applied as it comes, exact repeats dropped by identity.
 */
export type Ordering =
  | Readonly<{
      by: 'seq';
      holes: 'lost' | 'normal';
      firstSeq?: number;
      /** How long a frame after a hole waits for the frames before it (the reorder grace; 750 ms when absent). */
      waitMs?: number;
    }>
  | Readonly<{ by: 'arrival' }>;

export type Recovery = Readonly<{
  ordering: Ordering;
  /**
   * How lost frames come back, all started when a hole opens: 'resume-stream' reopens the
   * stream from the cursor before the hole (SSE Last-Event-ID); 'commands' sends `refill`
   * (a replay, history pages).
   */
  refill: readonly ('resume-stream' | 'commands')[];
  /**
   * A hole the refill did not close in time: 'snapshot' restores state with `snapshot`;
   * 'accept' says once that those events are no longer available (the server kept no copy).
   */
  unfilled: 'snapshot' | 'accept';
  /**
   * A dropped connection: 'resume' reconnects (onOpen resumes from the cursor); 'watch'
   * stops using the socket and watches through `watchPlan` instead (MARS: a new socket
   * would steal or restart the run); 'report' says the stream ended (AG-UI cannot resume).
   */
  drop: 'resume' | 'watch' | 'report';
  /** Why an unfilled hole cannot be had any more, in words (the timeline says it once). */
  unfilledReason?: string;
}>;
