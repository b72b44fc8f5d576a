import { useEffect, useId, useMemo, useState } from 'react';

import { createLiveSession } from '@/app/create-live-session';
import { RunView } from '@/app/run-view';
import { tokenFor, useSessionRegistry } from '@/app/session-registry';
import { buildLiveSearch, type Route } from '@/app/url-contract';
import { Button } from '@/components/ui/button';
import type { Dialect } from '@/protocol/dialect';
import { dialectById } from '@/protocol/dialects';
import { startedRunsStore } from '@/stores/started-runs-store';

type LiveRoute = Extract<Route, { kind: 'live' }>;

/**
 * Opens (or re-shows) a live run. Watching starts on arrival — it only reads. Starting a
 * run is a side effect, so a link with `start=` only pre-fills the instructions and
 * nothing happens until the person presses "Start run". Where only the starter may hold a
 * run's connection (a dialect that watches without it), the runs started here are
 * remembered: opening one again — a reload, the same `start=` link — watches it instead.
 */
export function LiveRunPage({ route, search, navigate }: { route: LiveRoute; search: string; navigate: (s: string) => void }) {
  const dialect = dialectById(route.dialect);
  const key = `${route.dialect}|${route.url}|${route.run ?? ''}|${route.start ?? ''}`;
  const open = useSessionRegistry((s) => s.runs[key]);
  const add = useSessionRegistry((s) => s.add);
  // Asked once per run key, before this page starts anything: pressing "Start run" adds the run.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per run key
  const startedHere = useMemo(() => (dialect && route.run ? startedBefore(dialect, route.url, route.run) : false), [key]);
  const wantsStart = route.start !== undefined && !startedHere;

  const connect = (start?: string) => {
    if (!dialect || useSessionRegistry.getState().runs[key]) return;
    if (start !== undefined && route.run && dialect.watchPlan) startedRunsStore.getState().remember({ dialect: dialect.id, url: route.url, runId: route.run, atMs: Date.now() });
    const token = tokenFor(route.url);
    const live = createLiveSession({
      dialect,
      params: { baseUrl: route.url, runId: route.run ?? `run-${Date.now().toString(36)}`, ...(token ? { token } : {}) },
      ...(start !== undefined ? { start } : {}),
    });
    add({ key, session: live.session, close: live.close, search });
  };

  useEffect(() => {
    if (!wantsStart) connect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- connect once per run key
  }, [key]);

  if (!dialect) return null;
  if (open) return <RunView session={open.session} focus={route.focus} navigate={navigate} extraBar={wantsStart ? watchLink(dialect, route) : undefined} />;
  if (wantsStart) return <StartRunPanel dialectLabel={dialect.label} initial={route.start ?? ''} onStart={connect} />;
  return null;
}

function StartRunPanel({ dialectLabel, initial, onStart }: { dialectLabel: string; initial: string; onStart: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const id = useId();
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-3 px-6 py-10">
      <h1 className="text-xl font-semibold">Start a run on {dialectLabel}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        This protocol only shows runs it starts. Check the instructions, then start the run. Nothing has been sent yet.
      </p>
      <label htmlFor={id} className="text-xs font-semibold">Instructions</label>
      <textarea id={id} rows={4} value={text} onChange={(e) => setText(e.target.value)} className="rounded-md border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-800" />
      <div>
        <Button variant="primary" disabled={text.trim() === ''} onClick={() => onStart(text.trim())}>
          Start run
        </Button>
      </div>
    </main>
  );
}

/** A run this browser started, of a dialect that watches without the starter's connection. */
function startedBefore(dialect: Dialect, url: string, runId: string): boolean {
  return dialect.watchPlan !== undefined && startedRunsStore.getState().find(dialect.id, url, runId) !== undefined;
}

/** For the tab that starts such a run: the link every other viewer opens (it watches). */
function watchLink(dialect: Dialect, route: LiveRoute) {
  if (!dialect.watchPlan || route.start === undefined || !route.run) return undefined;
  const href = buildLiveSearch({ dialect: dialect.id, url: route.url, run: route.run });
  return (
    <p className="border-b border-slate-200 bg-slate-50 px-4 py-1 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      This tab started the run and holds its connection. Anyone else — another tab, a reload — watches it without the connection:{' '}
      <a href={href} target="_blank" rel="noopener" className="text-sky-700 underline dark:text-sky-300">
        open a watching tab
      </a>
    </p>
  );
}
