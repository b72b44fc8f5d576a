/**
 * The console's one table across every kept backend: the runs each backend lists (or, for
 * a protocol without a list, those started here), merged newest first, filtered, paged.
 */
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';

import { addressOfSearch, buildCompareSearch } from '@/app/compare/compare-address';
import { rowsOfBackend } from '@/app/console/console-rows-of';
import { useOpenGateCounts } from '@/app/console/use-open-gate-counts';
import { useSessionRegistry } from '@/app/session/session-registry';
import { Button } from '@/components/ui/button';
import type { KeptBackend } from '@/stores/backends-store';
import { recentRunsStore } from '@/stores/recent-runs-store';
import { runListStore } from '@/stores/run-list-store';

import { filterRows, pageRows, sortNewestFirst, type ConsoleRow, type RowFilters } from '@/features/console/console-rows';
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
  const [picked, pick] = usePicked();
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
        picked={new Set(picked.keys())}
        onPick={pick}
      />
      <CompareBar picked={picked} navigate={navigate} onClear={() => picked.forEach((row) => pick(row, false))} />
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

/** The rows picked for a comparison, in the order they were picked (the first is run A). */
function usePicked(): [ReadonlyMap<string, ConsoleRow>, (row: ConsoleRow, on: boolean) => void] {
  const [picked, setPicked] = useState<ReadonlyMap<string, ConsoleRow>>(new Map());
  const pick = (row: ConsoleRow, on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      if (on) next.set(row.key, row);
      else next.delete(row.key);
      return next;
    });
  return [picked, pick];
}

function CompareBar({ picked, navigate, onClear }: { picked: ReadonlyMap<string, ConsoleRow>; navigate: (search: string) => void; onClear: () => void }) {
  const rows = [...picked.values()];
  const [a, b] = rows;
  const ready = rows.length === 2 && a?.search !== undefined && b?.search !== undefined;
  const say = rows.length === 0 ? 'Tick two runs to compare them.' : rows.length === 1 ? 'Tick one more run to compare.' : rows.length === 2 ? `Compare “${a?.run.title}” with “${b?.run.title}”.` : `${rows.length} runs ticked: a comparison takes two.`;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Button size="sm" variant={ready ? 'primary' : 'secondary'} disabled={!ready} onClick={() => ready && navigate(buildCompareSearch(addressOfSearch(a.search ?? ''), addressOfSearch(b.search ?? '')))}>
        Compare
      </Button>
      <span className="min-w-0 truncate text-slate-600 dark:text-slate-300" aria-live="polite">{say}</span>
      {rows.length > 0 && <Button size="sm" variant="ghost" onClick={onClear}>Clear</Button>}
    </div>
  );
}
