/** The node's cost per node-retry attempt. */
import { formatMoney } from '@/lib/format-money';

import type { AttemptCost } from '@/features/inspector/partition-cost-by-attempt';

const CELL = 'px-1.5 text-right tabular-nums';

export function CostByAttemptTable({ parts, currency }: Readonly<{ parts: readonly AttemptCost[]; currency: string }>) {
  return (
    <table className="w-full text-xs">
      <thead className="text-zinc-600 dark:text-zinc-400">
        <tr>
          <th scope="col" className="px-1.5 text-left">Attempt</th>
          <th scope="col" className={CELL}>Input tokens</th>
          <th scope="col" className={CELL}>Output tokens</th>
          <th scope="col" className={CELL}>Cost</th>
        </tr>
      </thead>
      <tbody>
        {parts.map((p) => (
          <tr key={p.attempt}>
            <th scope="row" className="px-1.5 text-left font-normal">{p.attempt}</th>
            <td className={CELL}>{p.inputTokens}</td>
            <td className={CELL}>{p.outputTokens}</td>
            <td className={CELL}>{p.priced ? formatMoney(p.micros, currency) : 'not reported'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
