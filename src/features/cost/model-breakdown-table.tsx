/** Cost, calls and input/output tokens per model: a compact visible table. */
import { formatMoney } from '@/lib/format-money';

import type { ModelCost } from '@/features/cost/derive-waterfall';

export type ModelBreakdownTableProps = Readonly<{
  models: readonly ModelCost[];
  currency: string;
  inputTokens: number;
  outputTokens: number;
}>;

const NUM = new Intl.NumberFormat('en-US');
const CELL = 'px-2 py-1 text-right tabular-nums';

export function ModelBreakdownTable({ models, currency, inputTokens, outputTokens }: ModelBreakdownTableProps) {
  return (
    <table className="w-full text-xs">
      <caption className="py-1 text-left font-semibold">By model and tokens</caption>
      <thead className="text-zinc-600 dark:text-zinc-400">
        <tr>
          <th scope="col" className="px-2 py-1 text-left">Model</th>
          <th scope="col" className={CELL}>Calls</th>
          <th scope="col" className={CELL}>Input tokens</th>
          <th scope="col" className={CELL}>Output tokens</th>
          <th scope="col" className={CELL}>Cost</th>
        </tr>
      </thead>
      <tbody>
        {models.map((m) => (
          <tr key={m.model} className="border-t border-zinc-100 dark:border-zinc-800">
            <th scope="row" className="px-2 py-1 text-left font-mono font-normal">{m.model}</th>
            <td className={CELL}>{NUM.format(m.calls)}</td>
            <td className={CELL}>{NUM.format(m.inputTokens)}</td>
            <td className={CELL}>{NUM.format(m.outputTokens)}</td>
            <td className={CELL}>{m.priced ? formatMoney(m.micros, currency) : 'not reported'}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t border-zinc-300 font-semibold dark:border-zinc-600">
        <tr>
          <th scope="row" className="px-2 py-1 text-left">All models</th>
          <td className={CELL}>{NUM.format(models.reduce((n, m) => n + m.calls, 0))}</td>
          <td className={CELL}>{NUM.format(inputTokens)}</td>
          <td className={CELL}>{NUM.format(outputTokens)}</td>
          <td className={CELL}>{formatMoney(models.reduce((n, m) => n + m.micros, 0), currency)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
