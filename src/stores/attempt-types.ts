/**
 * The public shape of the attempt projection (attempt-projection.ts): every attempt of every
 * node, as every view reads it (Durations, the inspector's cost by attempt, a compare of two
 * runs). One attempt is one try of a node: it opened, maybe waited for a person, and ended.
 */

/**
 * How an attempt ended. `retried`: it failed and the backend tried again; `not_run`: the node
 * never ran (skipped, or still pending when the run ended), a zero-length attempt;
 * `unfinished`: the run ended while it was still running, with no end reported for it.
 */
export type AttemptOutcome = 'running' | 'succeeded' | 'failed' | 'retried' | 'not_run' | 'cancelled' | 'unfinished';

/** A wait for a person inside an attempt; `gateId` names the gate asked. */
export type AttemptWait = Readonly<{ fromMs: number; toMs?: number; gateId?: string }>;

/** Cost and tokens the backend recorded while the attempt was current. */
export type AttemptCost = Readonly<{
  micros: number;
  inputTokens: number;
  outputTokens: number;
  /** How many cost records fell in this attempt. */
  records: number;
  /** Some record stated a price (tokens-only records do not): else the cost reads "not reported". */
  priced: boolean;
}>;

/**
 * What the attempt's gate decided, when that changes what the attempt reads as: a gate step
 * the backend marks done after a rejection or a timeout did not simply "succeed".
 */
export type AttemptGate = Readonly<{
  gateId: string;
  /** "approved", "rejected", "timed out (rejected)" … (gate-verdict.ts gateVerdictShort). */
  verdict: string;
  /** The gate turned the work down (rejected, or timed out into anything but approval). */
  turnedDown: boolean;
}>;

export type NodeAttempt = Readonly<{
  /** `<node id>#<n>`: unique per attempt. */
  id: string;
  nodeId: string;
  /** 1-based, the node-status store's own attempt number. */
  attempt: number;
  outcome: AttemptOutcome;
  /** Undefined when no event before it carried a time (counted, but not placed in time). */
  startedAtMs?: number;
  /** Undefined while it runs. */
  endedAtMs?: number;
  /** When the retry that led to this attempt was scheduled (attempts after the first). */
  retryQueuedAtMs?: number;
  waits: readonly AttemptWait[];
  gate?: AttemptGate;
  /** Why a `not_run` attempt never ran, when the backend said. */
  notRunReason?: string;
  cost: AttemptCost;
  /** The event-log row that opened it, and the raw frame that row came from (when recorded). */
  row: number;
  frame?: number;
}>;

export type RunAttempts = Readonly<{
  /** Every attempt, in the order the attempts opened. */
  attempts: readonly NodeAttempt[];
  /** Each node's attempts, oldest first. */
  byNode: ReadonlyMap<string, readonly NodeAttempt[]>;
  /** When each node became known (its graph declared it). */
  declaredAtMs: ReadonlyMap<string, number>;
  runStartedAtMs?: number;
  runEndedAtMs?: number;
}>;
