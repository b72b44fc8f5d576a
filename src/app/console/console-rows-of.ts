/**
 * The console table's rows of one kept backend: its listed runs (each opened by the URL
 * contract's link), or, for a protocol without a list, the runs started or opened from this
 * browser — openable while their session is still open in this tab, else said why not. Either
 * way a row shows the gates the inbox knows of its run (use-open-gate-counts.ts).
 */
import { withOpenGates } from '@/app/console/use-open-gate-counts';
import { liveRunKey } from '@/app/session/session-registry';
import { buildLiveSearch } from '@/app/url-contract';
import { runListOf } from '@/protocol/run-lists';
import { ACTIVE_STATUSES, type RunSummary } from '@/protocol/run-summary';
import type { KeptBackend } from '@/stores/backends-store';
import type { RecentRun } from '@/stores/recent-runs-store';
import type { BackendListState } from '@/stores/run-list-store';

import type { ConsoleRow } from '@/features/console/console-rows';

export function rowsOfBackend(
  backend: Pick<KeptBackend, 'id' | 'dialect' | 'url' | 'label' | 'session'>,
  list: BackendListState | undefined,
  recent: readonly RecentRun[],
  openKeys: ReadonlySet<string>,
  /** Gates waiting in the runs open here, by registry key (use-open-gate-counts.ts). */
  openGates: ReadonlyMap<string, number> = new Map(),
): ConsoleRow[] {
  const base = { backendId: backend.id, backendLabel: backend.label };
  if (runListOf(backend.dialect)?.source.kind !== 'local') {
    const known = (run: RunSummary) => withOpenGates(run, openGates.get(liveRunKey({ dialect: backend.dialect, url: backend.url, run: run.runId })));
    return (list?.page?.runs ?? []).map((run) => ({ ...base, key: `${backend.id}/${run.runId}`, run: known(run), search: buildLiveSearch({ dialect: backend.dialect, url: backend.url, run: run.runId, session: backend.session }) }));
  }
  return recent
    .filter((r) => r.dialect === backend.dialect && r.url === backend.url)
    .map((r) => {
      const open = openKeys.has(r.key);
      // Closed here, a run that looked alive is over for all we know (myagent cancels it when its socket closes).
      const stale = !open && ACTIVE_STATUSES.has(r.status);
      const seen: RunSummary = { runId: r.runId ?? 'not named yet', title: r.title, status: stale ? 'unknown' : r.status, statusText: stale ? `last seen ${r.status}` : r.status, startedAtMs: r.atMs };
      // The gates the inbox knows of it (its session is open here, or the row says so already).
      const run = open ? withOpenGates(seen, openGates.get(r.key)) : seen;
      return { ...base, key: `${backend.id}/${r.key}`, run, ...(open ? { search: r.search } : { closedReason: 'its connection is closed' }) };
    });
}
