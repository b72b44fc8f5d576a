/** The column heads of the Calls list; #, Latency and Cost sort (again: the other way). */
import type { CallField } from '@/protocol/dialect';
import { cn } from '@/lib/cn';

import { CALL_COLUMNS } from '@/features/calls/call-row';
import type { CallSort } from '@/features/calls/calls-model';

type Props = Readonly<{ shown: ReadonlySet<CallField>; sort: CallSort; onSort: (sort: CallSort) => void; count: number; total: number }>;

export function CallsHeader({ shown, sort, onSort, count, total }: Props) {
  const head = (by: CallSort['by'], label: string) => {
    const active = sort.by === by;
    const next = { by, descending: active ? !sort.descending : by !== 'order' };
    const arrow = active ? (sort.descending ? ' ↓' : ' ↑') : '';
    return (
      <button type="button" onClick={() => onSort(next)} aria-pressed={active} title={`Sort by ${label.toLowerCase()}`} className={cn('text-left hover:underline', active && 'font-semibold text-slate-900 dark:text-slate-100')}>
        {label}{arrow}
      </button>
    );
  };
  return (
    <div className="shrink-0 border-b border-slate-200 bg-slate-50 px-2 py-1 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
      <div className={cn(CALL_COLUMNS, 'pr-0')}>
        {head('order', '#')}
        <span>Step <span className="sr-only">({count} of {total} calls shown)</span></span>
        <span>{shown.has('model') ? 'Model' : ''}</span>
        <span>{shown.has('tokens') ? 'Tokens' : ''}</span>
        {shown.has('latency') ? head('latency', 'Latency') : <span />}
        {shown.has('cost') ? head('cost', 'Cost') : <span />}
      </div>
    </div>
  );
}
