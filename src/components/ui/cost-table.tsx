/**
 * Cost and tokens per group (per model, per attempt …): one table shape for every view that
 * splits cost. A group none of whose records stated a price reads "not reported", never "$0.00".
 */
import { formatMoney } from '@/lib/format-money';

export type CostTableRow = Readonly<{ key: string; label: string; calls?: number; inputTokens: number; outputTokens: number; micros: number; priced: boolean }>;

export type CostTableProps = Readonly<{
  /** The first column's heading ("Model", "Attempt"). */
  groupBy: string;
  rows: readonly CostTableRow[];
  currency: string;
  caption?: string;
  /** Shows a "Calls" column (each row's `calls`). */
  calls?: boolean;
  /** A footer row summing every group. */
  total?: CostTableRow;
  /** Group labels that are identifiers (model names) read best in a fixed-width face. */
  monoLabels?: boolean;
}>;

const NUM = new Intl.NumberFormat('en-US');
const CELL = 'px-2 py-1 text-right tabular-nums';

export function CostTable({ groupBy, rows, currency, caption, calls = false, total, monoLabels = false }: CostTableProps) {
  return (
    <table className="w-full text-xs">
      {caption !== undefined && <caption className="py-1 text-left font-semibold">{caption}</caption>}
      <thead className="text-zinc-600 dark:text-zinc-400">
        <tr>
          <th scope="col" className="px-2 py-1 text-left">{groupBy}</th>
          {calls && <th scope="col" className={CELL}>Calls</th>}
          <th scope="col" className={CELL}>Input tokens</th>
          <th scope="col" className={CELL}>Output tokens</th>
          <th scope="col" className={CELL}>Cost</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <CostRow key={row.key} row={row} currency={currency} calls={calls} labelClass={`font-normal ${monoLabels ? 'font-mono' : ''}`} className="border-t border-zinc-100 dark:border-zinc-800" />
        ))}
      </tbody>
      {total && (
        <tfoot className="border-t border-zinc-300 font-semibold dark:border-zinc-600">
          <CostRow row={total} currency={currency} calls={calls} labelClass="" />
        </tfoot>
      )}
    </table>
  );
}

type CostRowProps = Readonly<{ row: CostTableRow; currency: string; calls: boolean; labelClass: string; className?: string }>;

function CostRow({ row, currency, calls, labelClass, className }: CostRowProps) {
  return (
    <tr className={className}>
      <th scope="row" className={`px-2 py-1 text-left ${labelClass}`}>{row.label}</th>
      {calls && <td className={CELL}>{NUM.format(row.calls ?? 0)}</td>}
      <td className={CELL}>{NUM.format(row.inputTokens)}</td>
      <td className={CELL}>{NUM.format(row.outputTokens)}</td>
      <td className={CELL}>{row.priced ? formatMoney(row.micros, currency) : 'not reported'}</td>
    </tr>
  );
}
