/**
 * What the compare screen knows of one run: its facts and its steps, as plain data read
 * from a session's stores (run-facts-of-session.ts). Protocol-free, so a relavium run and an
 * AG-UI run compare on the same terms.
 */
import type { NodeStatus, RunStatus } from '@/protocol/run-event';

export type StepFacts = Readonly<{
  id: string;
  label: string;
  status: NodeStatus;
  /** Attempts that ran (0 for a step that never started). */
  attempts: number;
  /** First start of any attempt and end of the last one, on the run's own clock (ms since epoch). */
  startedAtMs?: number;
  endedAtMs?: number;
  durationMs?: number;
  /** Tokens in + out recorded on the step; undefined when the backend reported none for it. */
  tokens?: number;
  /** Cost recorded on the step in micro-units; undefined when no price was reported for it. */
  costMicros?: number;
  /** The step's output as text (its result, else its streamed text); bounded. */
  output: string;
}>;

export type RunFacts = Readonly<{
  /** The run's title, else its id. */
  title: string;
  runId: string;
  dialect: string;
  dialectLabel: string;
  mode: 'live' | 'replay';
  status: RunStatus;
  startedAtMs?: number;
  endedAtMs?: number;
  costMicros?: number;
  currency: string;
  tokens?: number;
  steps: readonly StepFacts[];
}>;
