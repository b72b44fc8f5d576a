/**
 * The run header's "1 failed · 3 running · 2 succeeded": nodes by status, read from the
 * counts the node-status map keeps as it is written (node-map.ts), so a change costs the
 * same at 10,000 nodes as at 10. A gate node the backend marks done after its gate turned
 * the work down counts as what happened ("1 rejected"), not as succeeded.
 *
 * Statuses come in a fixed order, what needs a person first and what is over last, so the
 * words stay in place while the numbers change (the line truncates on narrow screens);
 * numbers are grouped as the overview's legend writes them ("6,960 pending").
 */
import type { NodeStatus } from '@/protocol/run-event';

import { NODE_STATUS_TEXT } from '@/lib/node-status-text';
import { nodeOf, type NodeMap } from '@/stores/node-map';

const ORDER: readonly NodeStatus[] = ['failed', 'waiting', 'retrying', 'running', 'pending', 'succeeded', 'cancelled', 'not_run'];

/** `turnedDown`: gate-verdict.ts' `turnedDownNodes` ("id<TAB>verdict" lines). */
export function nodeCountsText(byId: NodeMap, turnedDown: string): string {
  const parts: string[] = [];
  const verdicts = turnedDown === '' ? undefined : verdictCounts(byId, turnedDown);
  for (const status of ORDER) {
    let count = byId.counts[status];
    if (status === 'succeeded' && verdicts) for (const n of verdicts.values()) count -= n;
    if (count > 0) parts.push(`${count.toLocaleString('en')} ${status === 'not_run' ? NODE_STATUS_TEXT.not_run : status}`);
    if (status === 'succeeded' && verdicts) for (const [word, n] of verdicts) parts.push(`${n.toLocaleString('en')} ${word}`);
  }
  return parts.join(' · ');
}

/** Succeeded nodes a gate turned down, by the gate's verdict ("rejected", "timed out"). */
function verdictCounts(byId: NodeMap, turnedDown: string): Map<string, number> | undefined {
  const out = new Map<string, number>();
  for (const line of turnedDown.split('\n')) {
    const [id = '', word = ''] = line.split('\t');
    if (nodeOf(byId, id)?.status === 'succeeded') out.set(word, (out.get(word) ?? 0) + 1);
  }
  return out.size === 0 ? undefined : out;
}
