/** The node's headline facts as text: kind, status, attempt, elapsed, cost, progress. */
import { formatMoney } from '@/lib/format-money';
import type { NodeState } from '@/stores/node-types';

import { NODE_STATUS_TEXT } from '@/lib/node-status-text';

import { formatElapsed } from '@/features/inspector/format-elapsed';
import { useNow } from '@/features/inspector/use-now';

export type NodeSummaryProps = Readonly<{ kind: string | undefined; node: NodeState | undefined; costMicros: number; currency: string }>;


export function NodeSummary({ kind, node, costMicros, currency }: NodeSummaryProps) {
  const running = node?.status === 'running' || node?.status === 'waiting' || node?.status === 'retrying';
  const now = useNow(running && node?.endedAtMs === undefined);
  const elapsed = node?.startedAtMs === undefined ? undefined : (node.endedAtMs ?? now) - node.startedAtMs;
  const facts: [string, string][] = [
    ['Kind', kind ?? 'unknown'],
    ['Status', node ? NODE_STATUS_TEXT[node.status] : 'unknown'],
    ['Attempt', String(node?.attempt ?? 1)],
    ['Elapsed', elapsed === undefined ? '—' : formatElapsed(elapsed)],
    ['Cost', formatMoney(costMicros, currency)],
  ];
  if (node?.progress !== undefined || node?.progressMessage) {
    const pct = node.progress !== undefined ? `${Math.round(node.progress * 100)}%` : '';
    facts.push(['Progress', [pct, node.progressMessage].filter(Boolean).join(' — ')]);
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
          <dd data-fact={term.toLowerCase()}>{value}</dd>
        </div>
      ))}
      {node?.progress !== undefined && (
        <progress className="col-span-2 w-full" value={node.progress} max={1} aria-label="Node progress" />
      )}
    </dl>
  );
}
