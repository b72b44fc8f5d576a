/** Status, text and (in the console) backend filters over a run list, plus how many rows show. */
import { useId } from 'react';

import { RUN_SUMMARY_STATUSES } from '@/protocol/run-summary';

import type { RowFilters } from '@/features/console/console-rows';
import { RUN_STATUS_TEXT } from '@/features/console/run-status';

type Props = Readonly<{
  filters: RowFilters;
  onChange: (filters: RowFilters) => void;
  backends?: readonly { id: string; label: string }[];
  summary: string;
}>;

const FIELD = 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800';
const LABEL = 'text-xs font-semibold text-slate-600 dark:text-slate-300';

export function RunFilters({ filters, onChange, backends, summary }: Props) {
  const ids = { status: useId(), text: useId(), backend: useId() };
  return (
    <div role="search" aria-label="Filter runs" className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.status} className={LABEL}>Status</label>
        <select id={ids.status} value={filters.status} onChange={(e) => onChange({ ...filters, status: e.target.value as RowFilters['status'] })} className={FIELD}>
          <option value="all">any status</option>
          <option value="active">not finished</option>
          {RUN_SUMMARY_STATUSES.filter((s) => s !== 'unknown').map((status) => (
            <option key={status} value={status}>{RUN_STATUS_TEXT[status]}</option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.text} className={LABEL}>Search</label>
        <input
          id={ids.text}
          type="search"
          value={filters.text}
          placeholder="title, query or run id"
          onChange={(e) => onChange({ ...filters, text: e.target.value })}
          className={`${FIELD} w-64`}
        />
      </div>
      {backends && backends.length > 1 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.backend} className={LABEL}>Backend</label>
          <select id={ids.backend} value={filters.backendId} onChange={(e) => onChange({ ...filters, backendId: e.target.value })} className={FIELD}>
            <option value="all">every backend</option>
            {backends.map((b) => (
              <option key={b.id} value={b.id}>{b.label}</option>
            ))}
          </select>
        </div>
      )}
      <p aria-live="polite" className="ml-auto pb-1 text-xs text-slate-600 dark:text-slate-300">{summary}</p>
    </div>
  );
}
