import { useEffect, useId, useMemo, useState } from 'react';

import { PAGE_LOADING } from '@/app/run/panel-loading';
import { openLiveRun } from '@/app/session/open-live-run';
import { keptResume } from '@/session';
import { RunView } from '@/app/run/run-view';
import { liveRunKey, useSessionRegistry } from '@/app/session/session-registry';
import { buildLiveSearch, type Route } from '@/app/url-contract';
import { Button } from '@/components/ui/button';
import { useSettled } from '@/components/ui/use-settled';
import { StartOptionsFields } from '@/features/connect/start-options-fields';
import type { Dialect, Memo, StartConfig } from '@/protocol/dialect';
import { loadDialect } from '@/protocol/load-dialect';
import { startedHere } from '@/stores/recent-runs-store';
import { useConnectionHealth } from '@/stores/run-selectors';

type LiveRoute = Extract<Route, { kind: 'live' }>;
type Props = Readonly<{ route: LiveRoute; search: string; navigate: (s: string, replace?: boolean) => void }>;

/**
 * Waits for the link's protocol, whose code loads when a run of it opens (alongside this
 * page's: app.tsx). Not through `use`: a Suspense reveal is held back by React's fallback
 * throttle, and the run — its stream, then its graph — would start up to 300 ms later.
 */
export function LiveRunPage(props: Props) {
  const loading = loadDialect(props.route.dialect);
  const dialect = useSettled(loading);
  if (!loading) return null;
  return dialect ? <LiveRun {...props} dialect={dialect} /> : PAGE_LOADING;
}

/**
 * Opens (or re-shows) a live run. Watching starts on arrival — it only reads. Starting a
 * run is a side effect, so a link with `start=` only pre-fills the instructions and
 * nothing happens until the person presses "Start run". Where only the starter may hold a
 * run's connection (a dialect that watches without it), a run this browser started is
 * opened again — a reload, the same `start=` link — as a watcher, never started again.
 */
function LiveRun({ route, search, navigate, dialect }: Props & { dialect: Dialect }) {
  const routeKey = liveRunKey(route);
  // Asked once per link, before this page starts anything: pressing "Start run" remembers the run.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  const startedBefore = useMemo(() => (dialect.watchPlan && route.run ? startedHere(dialect.id, route.url, route.run) : false), [routeKey]);
  const [startedNow, setStartedNow] = useState(false);
  // A run started here (before, or just now) is known by its address without instructions, and watched like any link.
  const key = startedBefore || startedNow ? liveRunKey({ dialect: route.dialect, url: route.url, ...(route.run ? { run: route.run } : {}) }) : routeKey;
  const open = useSessionRegistry((s) => s.runs[key]);
  const wantsStart = route.start !== undefined && !startedBefore && !startedNow;
  // A run this tab started before a reload is resumed with what the tab kept, never started again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  const kept = useMemo(() => (wantsStart ? keptResume(key, dialect.keptForReload) : undefined), [key]);

  const connect = (start?: string, startConfig?: StartConfig, resume?: Memo) => {
    if (useSessionRegistry.getState().runs[key]) return;
    // Where only the starter may hold the run (MARS), the run gets its id here and the address names it at once:
    // a reload or a copied link then watches the run instead of offering to start another.
    const namesRun = start !== undefined && dialect.watchPlan !== undefined;
    const run = route.run ?? (namesRun ? `run-${Date.now().toString(36)}` : undefined);
    const address = namesRun && run !== undefined ? withRun(search, run) : search;
    openLiveRun({
      dialect, url: route.url, search: address, session: route.session,
      ...(run ? { run } : {}),
      ...(start !== undefined ? { start, ...(startConfig ? { startConfig } : {}) } : {}),
      ...(resume ? { resume } : {}),
    });
    if (!namesRun) return;
    setStartedNow(true);
    if (address !== search) navigate(address, true);
  };

  useEffect(() => {
    // A run the console was watching becomes the person's own once they open it.
    if (useSessionRegistry.getState().runs[key]) useSessionRegistry.getState().adopt(key);
    else if (kept) connect(route.start, undefined, kept);
    else if (!wantsStart) connect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- connect once per run key
  }, [key]);

  if (open) return <RunView session={open.session} focus={route.focus} navigate={navigate} extraBar={open.started ? watchLink(dialect, route.url, open.session.runId) : undefined} />;
  if (wantsStart && !kept) return <StartRunPanel dialect={dialect} initial={route.start ?? ''} onStart={connect} />;
  return null;
}

/** The address with `run=` added (kept in place of the rest: instructions, focus). */
function withRun(search: string, run: string): string {
  const params = new URLSearchParams(search);
  params.set('run', run);
  return `?${params.toString()}`;
}

function StartRunPanel({ dialect, initial, onStart }: { dialect: Dialect; initial: string; onStart: (text: string, config?: StartConfig) => void }) {
  const [text, setText] = useState(initial);
  const [config, setConfig] = useState<StartConfig>({});
  const id = useId();
  const options = dialect.startOptions ?? [];
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-3 px-6 py-10">
      <h1 className="text-xl font-semibold">Start a run on {dialect.label}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        This protocol only shows runs it starts. Check the instructions, then start the run. Nothing has been sent yet.
      </p>
      <label htmlFor={id} className="text-xs font-semibold">Instructions</label>
      <textarea id={id} rows={4} value={text} onChange={(e) => setText(e.target.value)} className="rounded-md border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-800" />
      {options.length > 0 && <StartOptionsFields options={options} values={config} onChange={setConfig} />}
      <div>
        <Button variant="primary" disabled={text.trim() === ''} onClick={() => onStart(text.trim(), options.length > 0 ? config : undefined)}>
          Start run
        </Button>
      </div>
    </main>
  );
}

/** For the tab that started a run of a dialect that watches without the starter's connection: the link every other viewer opens. */
function watchLink(dialect: Dialect, url: string, run: string) {
  return <StarterBar href={buildLiveSearch({ dialect: dialect.id, url, run })} />;
}

/** What holding (or having lost) the run's connection means, and the link for everyone else. */
function StarterBar({ href }: { href: string }) {
  const health = useConnectionHealth();
  const watching = health.note !== undefined;
  const closed = !watching && health.state.status === 'closed';
  return (
    <p className="border-b border-slate-200 bg-slate-50 px-4 py-1 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      {watching
        ? 'This tab started the run; its connection dropped, and a new one would take the run over, so this tab now watches it like any other: '
        : closed
          ? 'This tab started the run; its connection is closed now. Anyone else — another tab, a reload — watches it without the connection: '
          : 'This tab started the run and holds its connection. Anyone else — another tab, a reload — watches it without the connection: '}
      <a href={href} target="_blank" rel="noopener" className="text-sky-700 underline dark:text-sky-300">
        open a watching tab
      </a>
    </p>
  );
}
