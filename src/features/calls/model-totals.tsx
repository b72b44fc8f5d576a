/** The run's calls summed per model: calls, tokens and cost, the most expensive first. */
import type { CallField } from '@/protocol/dialect';

import { costText, tokensText } from '@/features/calls/call-cells';
import type { ModelTotal } from '@/features/calls/calls-model';

export function ModelTotals({ totals, shown }: Readonly<{ totals: readonly ModelTotal[]; shown: ReadonlySet<CallField> }>) {
  if (totals.length === 0) return null;
  return (
    <table className="w-full text-left text-xs">
      <caption className="sr-only">Totals per model</caption>
      <thead className="text-slate-600 dark:text-slate-400">
        <tr>
          <th scope="col" className="px-2 py-1 font-medium">Model</th>
          <th scope="col" className="px-2 py-1 font-medium">Calls</th>
          {shown.has('tokens') && <th scope="col" className="px-2 py-1 font-medium">Tokens</th>}
          {shown.has('cost') && <th scope="col" className="px-2 py-1 font-medium">Cost</th>}
        </tr>
      </thead>
      <tbody>
        {totals.map((t) => (
          <tr key={t.model ?? ''} className="border-t border-slate-100 dark:border-slate-800">
            <td className="px-2 py-1 font-mono">{t.model ?? (shown.has('model') ? 'model not stated' : 'all calls')}</td>
            <td className="px-2 py-1 tabular-nums">{t.calls}</td>
            {shown.has('tokens') && <td className="px-2 py-1 tabular-nums">{tokensText(t.inputTokens + t.outputTokens > 0 ? t : { unsplitTokens: t.unsplitTokens })}</td>}
            {shown.has('cost') && <td className="px-2 py-1 tabular-nums">{costText(t.micros, t.currency)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
