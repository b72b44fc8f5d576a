/** Gate decisions of the node as an audit trail: who, what, when. */
import { useDeciderOf } from '@/stores/reviewer-store';

import type { GateAudit } from '@/features/inspector/derive-node-details';

export function GateAuditList({ entries, nodeId }: Readonly<{ entries: readonly GateAudit[]; nodeId: string }>) {
  const deciderOf = useDeciderOf();
  return (
    <ol className="flex flex-col gap-1 text-xs">
      {entries.map((g) => (
        <li key={g.row}>
          <time className="mr-1 font-mono text-zinc-500" dateTime={g.atMs !== undefined ? new Date(g.atMs).toISOString() : undefined}>
            {g.atMs !== undefined ? new Date(g.atMs).toISOString().slice(11, 23) : '—'}
          </time>
          {g.action === 'opened'
            ? `${g.kind ?? 'gate'} ${g.gateId} opened by ${g.who ?? 'unknown'}: ${g.what}`
            : `${g.gateId} ${g.cause === 'timeout' ? 'timed out' : g.cause === 'cancelled' ? 'cancelled' : 'decided'}: ${g.what} by ${deciderOf({ gateId: g.gateId, nodeId, cause: g.cause, decidedBy: g.who }) ?? 'unknown'}`}
        </li>
      ))}
    </ol>
  );
}
