/**
 * Step events → node events. A step names its node by number (the real `step_start
 * {step_number}`; the DAG node with that step_number, or `step_<n>`) or by the document's
 * step_id; without either the node is `step-<n>` or the id itself. The explicit step
 * lifecycle sets the node's status in the view (a retried step runs again); statuses the
 * DAG states only move forward (mars-dag.ts).
 */
import type { NodeStatus, RunEvent } from '@/protocol/run-event';
import { enterExecution } from '@/protocol/mars/mars-chapters';
import type { MarsEventOf } from '@/protocol/mars/mars-schemas';
import { setView, type MarsState } from '@/protocol/mars/mars-state';

export type StepRef = Readonly<{ step_id?: string | undefined; step_number?: number | undefined }>;

export function stepNode(s: MarsState, ref: StepRef): string {
  const n = ref.step_number;
  const byNumber = n === undefined ? undefined : (s.byStepNumber.get(n) ?? (s.view.has(`step_${n}`) ? `step_${n}` : undefined));
  const id = ref.step_id;
  const byId = id === undefined ? undefined : (s.byStepId.get(id) ?? (s.view.has(id) ? id : undefined));
  const node = byNumber ?? byId ?? (n !== undefined ? `step-${n}` : (id ?? 'step'));
  if (id !== undefined) s.byStepId.set(id, node);
  return node;
}

function setStatus(s: MarsState, nodeId: string, status: NodeStatus): void {
  setView(s, nodeId, status);
}

function attemptOf(s: MarsState, nodeId: string): { attempt?: number } {
  const attempt = s.attempts.get(nodeId);
  return attempt === undefined ? {} : { attempt };
}

export function stepStarted(s: MarsState, ref: StepRef, label: string | undefined): RunEvent[] {
  const nodeId = stepNode(s, ref);
  // A node the DAG named keeps the DAG's label ("Step 1: …"): the one a watcher reads too.
  const named = s.view.has(nodeId) ? undefined : label;
  setStatus(s, nodeId, 'running');
  return [...enterExecution(s), { type: 'node.started', nodeId, ...(named ? { label: named } : {}), ...attemptOf(s, nodeId) }];
}

export function stepCompleted(s: MarsState, ref: StepRef, output: unknown, durationMs?: number): RunEvent[] {
  const nodeId = stepNode(s, ref);
  setStatus(s, nodeId, 'succeeded');
  return [{ type: 'node.completed', nodeId, ...(output !== undefined ? { output } : {}), ...(durationMs !== undefined ? { durationMs } : {}), ...attemptOf(s, nodeId) }];
}

export function stepFailed(s: MarsState, ref: StepRef, error: string | undefined, detail?: string): RunEvent[] {
  const nodeId = stepNode(s, ref);
  setStatus(s, nodeId, 'failed');
  if (error) s.lastError = error;
  return [{ type: 'node.failed', nodeId, error: { message: error ?? 'step failed', ...(detail ? { detail } : {}) }, ...attemptOf(s, nodeId) }];
}

export function stepProgress(s: MarsState, wire: MarsEventOf<'step_progress'>): RunEvent[] {
  const pct = wire.data.progress_percentage;
  return [{ type: 'node.progress', nodeId: stepNode(s, wire.data), ...(pct !== undefined ? { progress: pct / 100 } : {}), ...(wire.data.message ? { message: wire.data.message } : {}) }];
}

type RetryWire = MarsEventOf<'step_retry_started' | 'step_retry_backoff' | 'step_retry_succeeded' | 'step_retry_exhausted'>;

/** The document's retry family (the real in-process server retries inside a step and says so in its console). */
export function retryEvents(s: MarsState, wire: RetryWire): RunEvent[] {
  const nodeId = stepNode(s, wire.data);
  switch (wire.event_type) {
    case 'step_retry_started': {
      // MARS numbers the attempt that starts; node.retrying names the one that failed.
      s.attempts.set(nodeId, wire.data.attempt_number);
      setStatus(s, nodeId, 'retrying');
      const reason = wire.data.error_pattern ?? wire.data.error_category;
      const code = wire.data.error_category ? { code: wire.data.error_category } : {};
      return [{ type: 'node.retrying', nodeId, attempt: Math.max(1, wire.data.attempt_number - 1), ...(reason ? { error: { message: reason, ...code, retryable: true } } : {}) }];
    }
    case 'step_retry_backoff':
      return [{ type: 'log', level: 'info', source: 'retry', nodeId, message: `retrying in ${wire.data.backoff_seconds} s` }];
    case 'step_retry_succeeded':
      // step_completed follows with the output; logging here avoids a second completion.
      s.attempts.set(nodeId, wire.data.attempt_number);
      return [{ type: 'log', level: 'info', source: 'retry', nodeId, message: `attempt ${wire.data.attempt_number} succeeded` }];
    case 'step_retry_exhausted':
      setStatus(s, nodeId, 'failed');
      return [{ type: 'node.failed', nodeId, attempt: wire.data.total_attempts, error: { message: wire.data.final_error ?? `gave up after ${wire.data.total_attempts} attempts`, retryable: false } }];
  }
}
