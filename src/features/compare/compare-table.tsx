/**
 * The steps of both runs, one row each, A above B in every cell. Only the first rows are in
 * the page until asked for more (a 2,000-step pair draws 200 rows, then all on request).
 */
import { Fragment } from 'react';

import type { Comparison } from '@/features/compare/comparison';
import { COLUMNS, CompareRow } from '@/features/compare/compare-row';
import { OutputDiffView } from '@/features/compare/output-diff-view';
import type { Axis } from '@/features/compare/step-bars';

export const FIRST_ROWS = 200;

type Props = Readonly<{
  comparison: Comparison;
  onlyDiffering: boolean;
  currency: string;
  axis: Axis;
  openRows: ReadonlySet<number>;
  onToggle: (index: number) => void;
  shown: number;
  onShowMore: () => void;
}>;

const TH = 'sticky top-0 z-10 bg-slate-50 px-2 py-2 text-left text-xs font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300';

export function CompareTable({ comparison, onlyDiffering, currency, axis, openRows, onToggle, shown, onShowMore }: Props) {
  const { model, diffs } = comparison;
  const rows = onlyDiffering ? model.rows.filter((r) => r.differences.length > 0) : model.rows;
  const visible = rows.slice(0, shown);
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <div className="min-h-0 overflow-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
        <table className="w-full border-collapse">
          <caption className="sr-only">Steps of run A and run B side by side; in each cell A is the first line and B the second, with B’s difference from A in brackets</caption>
          <thead>
            <tr>
              <th scope="col" className={TH}>Step</th>
              <th scope="col" className={TH}><span className="sr-only">Run</span></th>
              <th scope="col" className={TH}>Status</th>
              <th scope="col" className={`${TH} text-right`}>Attempts</th>
              <th scope="col" className={`${TH} text-right`}>Duration</th>
              <th scope="col" className={`${TH} text-right`}>Tokens</th>
              <th scope="col" className={`${TH} text-right`}>Cost</th>
              <th scope="col" className={TH}>Output</th>
              <th scope="col" className={TH}>When (from each run’s start)</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {visible.length === 0 && (
              <tr>
                <td colSpan={COLUMNS} className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">
                  {model.rows.length === 0 ? 'Neither run has steps yet.' : 'No step differs.'}
                </td>
              </tr>
            )}
            {visible.map((row) => (
              <Fragment key={row.index}>
                <CompareRow row={row} {...(diffs.has(row.index) ? { diff: diffs.get(row.index) } : {})} currency={currency} axis={axis} open={openRows.has(row.index)} onToggle={onToggle} />
                {openRows.has(row.index) && row.a && row.b && (
                  <tr id={`compare-diff-${row.index}`}>
                    <td colSpan={COLUMNS} className="bg-slate-50 px-3 py-2 dark:bg-slate-800/50">
                      <OutputDiffView a={row.a.output} b={row.b.output} label={`step ${row.index}`} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > visible.length && (
        <ShowMore shown={visible.length} total={rows.length} onShowMore={onShowMore} />
      )}
    </div>
  );
}

function ShowMore({ shown, total, onShowMore }: { shown: number; total: number; onShowMore: () => void }) {
  return (
    <p className="text-sm">
      Showing {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')} steps.{' '}
      <button type="button" className="text-sky-800 underline dark:text-sky-300" onClick={onShowMore}>
        Show all {total.toLocaleString('en-US')}
      </button>
    </p>
  );
}
