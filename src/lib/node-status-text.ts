/**
 * Every node status as the words a person reads (status is never shown by colour alone).
 * A Record over the union, so a new status fails to compile until it has its words.
 */
import type { NodeStatus } from '@/protocol/run-event';

export const NODE_STATUS_TEXT: Record<NodeStatus, string> = {
  pending: 'pending',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  not_run: 'not run',
  retrying: 'retrying',
  waiting: 'waiting for a human',
  cancelled: 'cancelled',
};

/** A node that never ran, with the backend's reason when it gave one ("not run · upstream_unreachable"). */
export function notRunText(reason: string | undefined): string {
  return reason ? `${NODE_STATUS_TEXT.not_run} · ${reason}` : NODE_STATUS_TEXT.not_run;
}
