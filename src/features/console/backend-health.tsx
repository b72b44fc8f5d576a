/** How a kept backend's list is doing, in words: loading, "12 runs · updated 3 s ago", or the problem and its reason. */
import type { BackendListState, ListProblemKind } from '@/stores/run-list-store';

import { formatAgo } from '@/features/console/format-when';

const PROBLEM_TITLE: Record<ListProblemKind, string> = {
  cors: 'Blocked by CORS',
  unreachable: 'Unreachable',
  unauthorized: 'Refused',
  'not-found': 'Not found',
  http: 'Backend error',
  unreadable: 'Unreadable reply',
  timeout: 'No answer',
};

export function BackendHealth({ list, nowMs, listable }: { list: BackendListState | undefined; nowMs: number; listable: boolean }) {
  if (!listable) return <span className="text-slate-600 dark:text-slate-300">no run list: runs started here are shown</span>;
  if (!list || (list.phase === 'loading' && !list.page)) return <span className="text-slate-600 dark:text-slate-300">loading runs…</span>;
  const when = list.fetchedAtMs !== undefined ? formatAgo(list.fetchedAtMs, nowMs) : '';
  if (list.problem && list.phase === 'failed') {
    return (
      <span role="alert" className="text-red-800 dark:text-red-300">
        <strong className="font-semibold">
          <span aria-hidden>✕ </span>
          {PROBLEM_TITLE[list.problem.kind]}
          {list.problem.status ? ` (HTTP ${list.problem.status})` : ''}:
        </strong>{' '}
        {list.problem.message}
        {list.page ? ' The runs below are from the last successful fetch.' : ''}
      </span>
    );
  }
  const count = list.page?.total ?? list.page?.runs.length ?? 0;
  const skipped = list.page?.skipped;
  return (
    <span className="text-slate-600 dark:text-slate-300">
      <span aria-hidden className="text-emerald-700 dark:text-emerald-400">● </span>
      {count} run{count === 1 ? '' : 's'} · updated {when}
      {skipped && (
        <span className="text-amber-800 dark:text-amber-300" title={skipped.reason}>
          {' '}· {skipped.count} row{skipped.count === 1 ? '' : 's'} could not be read
        </span>
      )}
    </span>
  );
}
