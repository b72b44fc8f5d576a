/**
 * How many attempts a step ran, read from what the stores offer today (the node-status
 * store's `attempt`, which starts at 1 for a node that has not run yet). The one place the
 * compare screen reads attempts, so a shared attempt projection can replace it in one line.
 */
import type { NodeState } from '@/stores/node-types';

export function attemptsOf(node: NodeState | undefined): number {
  if (!node) return 0;
  const ran = node.startedAtMs !== undefined || !['pending', 'not_run'].includes(node.status);
  return ran ? Math.max(1, node.attempt) : 0;
}
