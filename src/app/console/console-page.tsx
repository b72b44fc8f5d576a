/**
 * The console: every kept backend's runs in one table (the backend as a column, the same
 * filters for all), each backend's health on its own row, "watch running runs" per
 * backend, and the reviewer inbox in the bar. The start page once a backend is kept.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

import { AppNav } from '@/app/app-nav';
import { ConsoleBackends } from '@/app/console/console-backends';
import type { ConsoleDialog } from '@/app/console/console-dialogs';
import { ConsoleRuns } from '@/app/console/console-runs';
import { useRunListPolling } from '@/app/console/use-run-list-polling';
import { runListOf } from '@/protocol/run-lists';
import { useKeptBackends } from '@/stores/backends-store';

import { Button } from '@/components/ui/button';
import { NO_ROW_FILTERS, type RowFilters } from '@/features/console/console-rows';

// The dialogs (Radix, the connection test) load when first opened, as on the start page.
const ConsoleDialogs = lazy(() => import('@/app/console/console-dialogs').then((m) => ({ default: m.ConsoleDialogs })));

/** Runs fetched per backend for the merged table. */
const PER_BACKEND = 50;

export function ConsolePage({ navigate }: { navigate: (search: string) => void }) {
  const backends = useKeptBackends();
  const [filters, setFilters] = useState<RowFilters>(NO_ROW_FILTERS);
  const [dialog, setDialog] = useState<ConsoleDialog>();
  const nowMs = useSecondClock();
  // A single status the backend can filter itself is asked of it: the newest 50 failed, not the failed among the newest 50.
  const status = filters.status === 'all' || filters.status === 'active' ? undefined : filters.status;
  useRunListPolling(backends, (b) => {
    const source = runListOf(b.dialect)?.source;
    return { limit: PER_BACKEND, ...(status && source?.kind === 'http' && source.serverFilters.has(status) ? { status } : {}) };
  });
  return (
    <div className="flex min-h-full flex-col">
      <AppNav current="console" navigate={navigate} hasConsole />
      <main className="mx-auto flex w-full max-w-[96rem] flex-col gap-6 px-6 py-6">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Console</h1>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Every run of {backends.length} backend{backends.length === 1 ? '' : 's'}, side by side. Kept in this browser; tokens never are.
            </p>
          </div>
          <Button variant="primary" onClick={() => setDialog({ kind: 'add' })}>Add backend</Button>
        </header>
        <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
          <ConsoleRuns backends={backends} filters={filters} onFilters={setFilters} nowMs={nowMs} navigate={navigate} perBackend={PER_BACKEND} />
          <ConsoleBackends
            backends={backends}
            nowMs={nowMs}
            navigate={navigate}
            onEdit={(backend) => setDialog({ kind: 'edit', backend })}
            onStart={(backend) => setDialog({ kind: 'start', backend })}
          />
        </div>
      </main>
      {dialog && (
        <Suspense fallback={null}>
          <ConsoleDialogs dialog={dialog} onClose={() => setDialog(undefined)} navigate={navigate} />
        </Suspense>
      )}
    </div>
  );
}

/** Date.now(), once a second: ages and running durations in the table. */
export function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
