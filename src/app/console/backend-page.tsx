/**
 * One backend's run list (`/?dialect=<id>&url=<backend>`): newest first, paged by the
 * backend, filtered by status (by the backend where it can) and text, refreshed while open.
 * A backend reached by a link can be kept from here; a protocol without a list shows the
 * runs started or opened in this browser, and says why.
 */
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';

import { AppNav } from '@/app/app-nav';
import { ConsoleDialogs, type ConsoleDialog } from '@/app/console/console-dialogs';
import { rowsOfBackend } from '@/app/console/console-rows-of';
import { useOpenGateCounts } from '@/app/console/use-open-gate-counts';
import { useSecondClock } from '@/app/console/console-page';
import { useSessionRegistry } from '@/app/session/session-registry';
import { useRunListPolling } from '@/app/console/use-run-list-polling';
import type { Route } from '@/app/url-contract';
import { Button } from '@/components/ui/button';
import { dialectInfoById } from '@/protocol/dialect-info';
import { runListOf } from '@/protocol/run-lists';
import { backendsStore, useKeptBackendAt, useKeptBackends, type KeptBackend } from '@/stores/backends-store';
import { recentRunsStore } from '@/stores/recent-runs-store';
import { useBackendList } from '@/stores/run-list-store';

import { BackendHealth } from '@/features/console/backend-health';
import { filterRows, NO_ROW_FILTERS, type RowFilters } from '@/features/console/console-rows';
import { Pager } from '@/features/console/pager';
import { RunFilters } from '@/features/console/run-filters';
import { RunsTable } from '@/features/console/runs-table';

type BackendRoute = Extract<Route, { kind: 'backend' }>;

const PAGE_SIZE = 25;

export function BackendPage({ route, navigate }: { route: BackendRoute; navigate: (search: string) => void }) {
  const kept = useKeptBackendAt(route.dialect, route.url);
  const hasConsole = useKeptBackends().length > 0;
  const dialect = dialectInfoById(route.dialect);
  const entry = runListOf(route.dialect);
  const fallbackDialect = dialect?.id ?? 'relavium';
  const backend: KeptBackend = useMemo(
    () => kept ?? { id: `link|${route.dialect}|${route.url}`, dialect: fallbackDialect, url: route.url, label: route.url, watchRunning: false },
    [kept, route.dialect, route.url, fallbackDialect],
  );
  const [filters, setFilters] = useState<RowFilters>(NO_ROW_FILTERS);
  const [cursors, setCursors] = useState<readonly (string | undefined)[]>([undefined]);
  const [dialog, setDialog] = useState<ConsoleDialog>();
  const nowMs = useSecondClock();
  const cursor = cursors.at(-1);
  const status = filters.status === 'all' || filters.status === 'active' ? undefined : filters.status;
  const serverStatus = status && entry?.source.kind === 'http' && entry.source.serverFilters.has(status) ? status : undefined;
  useRunListPolling([backend], () => ({ limit: PAGE_SIZE, ...(cursor ? { cursor } : {}), ...(serverStatus ? { status: serverStatus } : {}) }));

  const list = useBackendList(backend.id);
  const recent = useStore(recentRunsStore, (s) => s.runs);
  const open = useSessionRegistry((s) => s.runs);
  const openGates = useOpenGateCounts(open);
  const rows = useMemo(() => filterRows(rowsOfBackend(backend, list, recent, new Set(Object.keys(open)), openGates), filters), [backend, list, recent, open, openGates, filters]);
  const change = (next: RowFilters) => {
    setCursors([undefined]);
    setFilters(next);
  };
  if (!dialect || !entry) return null;
  const local = entry.source.kind === 'local';
  const title = kept?.label ?? `${dialect.label} at ${route.url}`;
  return (
    <div className="flex min-h-full flex-col">
      <AppNav current="backend" navigate={navigate} hasConsole={hasConsole} />
      <main className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-6 py-6">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-bold tracking-tight">{title}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {dialect.label} · <span className="font-mono">{route.url}</span>
            </p>
            <p className="mt-1 text-xs">
              <BackendHealth list={list} nowMs={nowMs} listable={!local} />
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {!kept && <Button onClick={() => backendsStore.getState().actions.add({ dialect: dialect.id, url: route.url })}>Keep this backend</Button>}
            {entry.starter && <Button variant="primary" onClick={() => setDialog({ kind: 'start', backend })}>Start run…</Button>}
          </div>
        </header>
        {entry.source.kind === 'local' && <p className="rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">{entry.source.reason}</p>}
        {entry.source.kind === 'socket.io' && !backend.session && <p className="rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">{entry.source.sessionHint}</p>}
        <RunFilters filters={filters} onChange={change} summary={`${rows.length} run${rows.length === 1 ? '' : 's'} on this page`} />
        <RunsTable
          rows={rows}
          caption={`Runs of ${title}, newest first`}
          showBackend={false}
          nowMs={nowMs}
          onOpen={(row) => row.search && navigate(row.search)}
          empty={local ? 'No run has been started or opened from this browser yet.' : list?.phase === 'failed' ? 'The list could not be read (see above).' : 'No runs here.'}
        />
        <Pager
          label="Run list pages"
          position={`Page ${cursors.length}`}
          hasPrevious={cursors.length > 1}
          hasNext={list?.page?.nextCursor !== undefined}
          onPrevious={() => setCursors(cursors.slice(0, -1))}
          onNext={() => setCursors([...cursors, list?.page?.nextCursor])}
        />
      </main>
      <ConsoleDialogs dialog={dialog} onClose={() => setDialog(undefined)} navigate={navigate} />
    </div>
  );
}
