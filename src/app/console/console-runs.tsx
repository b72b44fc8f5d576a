/**
 * The console's one table across every kept backend: the runs each backend lists (or, for
 * a protocol without a list, those started here), merged newest first, filtered, paged.
 */
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';

import { rowsOfBackend } from '@/app/console/console-rows-of';
import { useOpenGateCounts } from '@/app/console/use-open-gate-counts';
import { useSessionRegistry } from '@/app/session/session-registry';
import type { KeptBackend } from '@/stores/backends-store';
import { recentRunsStore } from '@/stores/recent-runs-store';
import { runListStore } from '@/stores/run-list-store';

import { filterRows, pageRows, sortNewestFirst, type RowFilters } from '@/features/console/console-rows';
import { Pager } from '@/features/console/pager';
import { RunFilters } from '@/features/console/run-filters';
import { RunsTable } from '@/features/console/runs-table';

export const CONSOLE_PAGE_SIZE = 25;

type Props = Readonly<{
  backends: readonly KeptBackend[];
  filters: RowFilters;
  onFilters: (filters: RowFilters) => void;
  nowMs: number;
  navigate: (search: string) => void;
  perBackend: number;
}>;

export function ConsoleRuns({ backends, filters, onFilters, nowMs, navigate, perBackend }: Props) {
  const lists = useStore(runListStore, (s) => s.lists);
  const recent = useStore(recentRunsStore, (s) => s.runs);
  const open = useSessionRegistry((s) => s.runs);
  const openGates = useOpenGateCounts(open);
  const [page, setPage] = useState(0);
  const all = useMemo(() => {
    const openKeys = new Set(Object.keys(open));
    return sortNewestFirst(backends.flatMap((b) => rowsOfBackend(b, lists[b.id], recent, openKeys, openGates)));
  }, [backends, lists, recent, open, openGates]);
  const shown = useMemo(() => filterRows(all, filters), [all, filters]);
  const paged = pageRows(shown, page, CONSOLE_PAGE_SIZE);
  const failing = backends.filter((b) => lists[b.id]?.phase === 'failed').length;
  const summary = `${paged.total === 0 ? 'No runs' : `${paged.first}–${paged.last} of ${paged.total} runs`}${failing ? ` · ${failing} backend${failing === 1 ? '' : 's'} could not be read: see Backends` : ''}`;
  const change = (next: RowFilters) => {
    setPage(0);
    onFilters(next);
  };
  return (
    <section aria-labelledby="runs-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="runs-heading" className="text-base font-semibold">Runs</h2>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          The newest {perBackend} of each backend, refreshed while this page is open; a backend’s “Runs” pages through all of them.
        </p>
      </div>
      <RunFilters filters={filters} onChange={change} backends={backends} summary={summary} />
      <RunsTable
        rows={paged.items}
        caption="Runs of every kept backend, newest first"
        showBackend
        nowMs={nowMs}
        onOpen={(row) => row.search && navigate(row.search)}
        empty={all.length === 0 ? 'No runs yet: the backends have none, or are still loading.' : 'No run matches these filters.'}
      />
      <Pager
        label="Console pages"
        position={`Page ${paged.page + 1} of ${paged.pages}`}
        hasPrevious={paged.page > 0}
        hasNext={paged.page < paged.pages - 1}
        onPrevious={() => setPage(paged.page - 1)}
        onNext={() => setPage(paged.page + 1)}
      />
    </section>
  );
}
