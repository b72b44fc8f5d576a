/**
 * The stores' public surface for views and other layers. Today it holds the attempt
 * projection: every attempt of every node (start, end, outcome incl. not run and gate
 * verdicts, waits, cost and tokens, the log row and raw frame it came from). See README.md,
 * "Attempts".
 */
export type { AttemptCost, AttemptGate, AttemptOutcome, AttemptWait, NodeAttempt, RunAttempts } from '@/stores/attempt-types';
export { projectAttempts, readAttempts } from '@/stores/attempt-read';
export { AttemptProjection } from '@/stores/attempt-projection';
export { attemptsOfLog, useNodeAttempts, useRunAttempts } from '@/stores/attempt-selectors';
