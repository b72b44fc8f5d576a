/**
 * A table of runs (one backend's, or every kept backend's in the console): title, backend,
 * status as text, started, duration, cost, waiting gates. One click on a row, or Enter on
 * its title link, opens the run; a modified click (new tab) is left to the browser.
 */
import type { MouseEvent } from 'react';

import { formatDuration } from '@/lib/format-duration';
import { formatMoney } from '@/lib/format-money';

import { durationOf, type ConsoleRow } from '@/features/console/console-rows';
import { formatAgo, formatWhen } from '@/features/console/format-when';
import { RunStatusText } from '@/features/console/run-status';

type Props = Readonly<{
  rows: readonly ConsoleRow[];
  caption: string;
  showBackend: boolean;
  nowMs: number;
  onOpen: (row: ConsoleRow) => void;
  empty: React.ReactNode;
  /** Rows picked for a comparison (by key); with `onPick`, each openable row gets a box. */
  picked?: ReadonlySet<string>;
  onPick?: (row: ConsoleRow, on: boolean) => void;
}>;

const TH = 'px-2 py-2 text-left text-xs font-semibold text-slate-600 first:pl-3 last:pr-3 dark:text-slate-300';
const TD = 'px-2 py-2 align-top text-sm first:pl-3 last:pr-3';

export function RunsTable({ rows, caption, showBackend, nowMs, onOpen, empty, picked, onPick }: Props) {
  const columns = (showBackend ? 7 : 6) + (onPick ? 1 : 0);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="w-full border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60">
          <tr>
            {onPick && <th scope="col" className={TH}><span className="sr-only">Compare</span></th>}
            <th scope="col" className={TH}>Run</th>
            {showBackend && <th scope="col" className={TH}>Backend</th>}
            <th scope="col" className={TH}>Status</th>
            <th scope="col" className={TH}>Started</th>
            <th scope="col" className={`${TH} text-right`}>Duration</th>
            <th scope="col" className={`${TH} text-right`}>Cost</th>
            <th scope="col" className={TH}>Gates</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns} className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">{empty}</td>
            </tr>
          ) : (
            rows.map((row) => <RunRow key={row.key} row={row} showBackend={showBackend} nowMs={nowMs} onOpen={onOpen} {...(onPick ? { pick: { on: picked?.has(row.key) ?? false, onPick } } : {})} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

type Pick = Readonly<{ on: boolean; onPick: (row: ConsoleRow, on: boolean) => void }>;

function RunRow({ row, showBackend, nowMs, onOpen, pick }: { row: ConsoleRow; showBackend: boolean; nowMs: number; onOpen: (row: ConsoleRow) => void; pick?: Pick }) {
  const { run } = row;
  const openable = row.search !== undefined;
  const open = (event: MouseEvent) => {
    if (!openable || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(row);
  };
  const duration = durationOf(run, nowMs);
  return (
    <tr data-run={run.runId} onClick={open} className={openable ? 'cursor-pointer hover:bg-sky-50/70 dark:hover:bg-sky-950/40' : ''}>
      {pick && <PickCell row={row} pick={pick} />}
      {/* The title column takes what the others leave and truncates (max-w-0 lets a table cell shrink below
          its text), so the table never scrolls sideways at laptop widths and the Gates column is never clipped. */}
      <td className={`${TD} w-2/5 max-w-0 min-w-32`}>
        {openable ? (
          <a href={`/${row.search}`} onClick={open} className="block truncate font-medium text-sky-800 hover:underline dark:text-sky-300" title={run.title}>
            {run.title}
          </a>
        ) : (
          <span className="block truncate font-medium" title={run.title}>{run.title}</span>
        )}
        <span className="block truncate font-mono text-xs text-slate-500 dark:text-slate-400">
          {run.runId}
          {run.group ? ` · ${run.group}` : ''}
          {row.closedReason ? ` · ${row.closedReason}` : ''}
        </span>
      </td>
      {showBackend && (
        <td className={`${TD} text-slate-700 dark:text-slate-200`}>
          <span className="block max-w-40 truncate whitespace-nowrap" title={row.backendLabel}>{row.backendLabel}</span>
        </td>
      )}
      <td className={TD}>
        <RunStatusText status={run.status} raw={run.statusText} />
      </td>
      <td className={`${TD} whitespace-nowrap`}>
        {run.startedAtMs !== undefined ? <time dateTime={new Date(run.startedAtMs).toISOString()} title={formatWhen(run.startedAtMs)}>{formatAgo(run.startedAtMs, nowMs)}</time> : '—'}
      </td>
      <td className={`${TD} text-right font-mono whitespace-nowrap tabular-nums`}>{duration !== undefined ? formatDuration(duration) : '—'}</td>
      <td className={`${TD} text-right font-mono whitespace-nowrap tabular-nums`}>{run.costMicros !== undefined ? formatMoney(run.costMicros, run.currency) : <span className="inline-block font-sans text-xs whitespace-normal text-zinc-500 italic dark:text-zinc-400">no cost reported</span>}</td>
      <td className={`${TD} whitespace-nowrap`}>
        <GatesCell waiting={run.waitingGates} status={run.status} />
      </td>
    </tr>
  );
}

function GatesCell({ waiting, status }: { waiting: number | undefined; status: ConsoleRow['run']['status'] }) {
  if (waiting !== undefined && waiting > 0) {
    return <span className="font-semibold text-amber-800 dark:text-amber-300">{waiting} waiting</span>;
  }
  if (waiting === undefined && status === 'waiting') return <span className="text-amber-800 dark:text-amber-300">a gate waits</span>;
  return <span className="text-slate-500 dark:text-slate-400">{waiting === 0 ? 'none' : '—'}</span>;
}

/** A box to pick the run for a comparison; its clicks never open the run. */
function PickCell({ row, pick }: { row: ConsoleRow; pick: Pick }) {
  return (
    <td className={`${TD} w-8`} onClick={(e) => e.stopPropagation()}>
      {row.search !== undefined && (
        <input type="checkbox" checked={pick.on} onChange={(e) => pick.onPick(row, e.target.checked)} aria-label={`Pick “${row.run.title}” to compare`} className="mt-1" />
      )}
    </td>
  );
}
