/** The node's headline facts as text: kind, status, attempt, elapsed, cost, progress. */
import { formatMoney } from '@/lib/format-money';
import type { NodeState } from '@/stores/node-types';

import { NODE_STATUS_TEXT, notRunText } from '@/lib/node-status-text';

import { formatElapsed } from '@/features/inspector/format-elapsed';
import { useNow } from '@/features/inspector/use-now';

export type NodeSummaryProps = Readonly<{
  kind: string | undefined;
  node: NodeState | undefined;
  /** Undefined when no cost record of the node stated a price: it reads "no cost reported", never "$0.00". */
  costMicros: number | undefined;
  currency: string;
  /**
   * What became of the node's newest gate ("rejected by alice"), and whether it turned the
   * work down: then the status says so instead of "succeeded".
   */
  gate?: Readonly<{ verdict: string; turnedDown: boolean }> | undefined;
}>;

export function NodeSummary({ kind, node, costMicros, currency, gate }: NodeSummaryProps) {
  const running = node?.status === 'running' || node?.status === 'waiting' || node?.status === 'retrying';
  const now = useNow(running && node?.endedAtMs === undefined);
  const elapsed = node?.startedAtMs === undefined ? undefined : (node.endedAtMs ?? now) - node.startedAtMs;
  const facts: [string, string][] = [
    ['Kind', kind ?? 'unknown'],
    ['Status', statusText(node, gate)],
    ['Attempt', String(node?.attempt ?? 1)],
    ['Elapsed', elapsed === undefined ? '—' : formatElapsed(elapsed)],
    ['Cost', costMicros === undefined ? 'no cost reported' : formatMoney(costMicros, currency)],
  ];
  if (gate && !(gate.turnedDown && node?.status === 'succeeded')) facts.push(['Gate', gate.verdict]);
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

function statusText(node: NodeState | undefined, gate: NodeSummaryProps['gate']): string {
  if (!node) return 'unknown';
  // A gate node the backend marks done after a rejection or a timeout did not "succeed".
  if (gate?.turnedDown && node.status === 'succeeded') return `gate ${gate.verdict}`;
  if (node.status === 'not_run') return notRunText(node.reason);
  return NODE_STATUS_TEXT[node.status];
}
