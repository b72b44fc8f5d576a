import { lazy, Suspense, useEffect } from 'react';

import { PAGE_LOADING as LOADING } from '@/app/run/panel-loading';
import { runCanvas } from '@/app/run/run-canvas-loader';
import { useSearch } from '@/app/use-route';
import { useSystemTheme } from '@/app/use-system-theme';
import { parseRoute } from '@/app/url-contract';
import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary';
import { preloadable } from '@/components/ui/preloadable';
import { watch } from '@/components/ui/use-settled';
import { KNOWN_DIALECTS } from '@/protocol/dialect-info';
import { loadDialect } from '@/protocol/load-dialect';
import { backendsStore, useKeptBackends } from '@/stores/backends-store';

// The run screens (resizable panels, timeline, inspector, gate dialogs, replay player) load
// on their own: the start page draws without them, and the initial-JS budget (issue 15:
// ≤ 200 KB gzip, bench/bundle.ts) holds only what every first visit needs. Not `lazy`: a
// page drawn through Suspense waits out React's fallback throttle (up to 300 ms after
// "Loading…" showed) even once its code is here (components/ui/preloadable.ts).
const liveRunPage = preloadable(() => withRunScreen(import('@/app/run/live-run-page')).then((m) => m.LiveRunPage), LOADING);
// The replay page asks for the run view and the graph itself, once the recording's decoding has begun.
const replayPage = preloadable(() => import('@/app/run/replay-page').then((m) => m.ReplayPage), LOADING);

/**
 * A run page always draws the graph, whose chunk (React Flow, dagre) the run view would
 * only ask for once it renders, after its own chunks: fetched alongside them instead, a
 * graph on a link is drawn a round of chunk loading sooner (benchmark 4), and at once when
 * the run view first renders (no "Loading…" in its place).
 */
function withRunScreen<T>(page: Promise<T>): Promise<T> {
  // A prefetch: if it fails, the view that needs the chunk asks again and its error boundary says why.
  runCanvas.load().catch(() => undefined);
  return page;
}
// The start page too (its forms, the simulator's catalogue, the replay section): a link to a run does not wait for it.
const StartScreen = lazy(async () => {
  const [{ StartPage }, { ReplayStartSection }] = await Promise.all([import('@/app/start/start-page'), import('@/app/start/replay-start-section')]);
  const Screen = ({ navigate }: { navigate: (search: string) => void }) => (
    <StartPage navigate={navigate}>
      <ReplayStartSection navigate={navigate} />
    </StartPage>
  );
  return { default: Screen };
});
// The console and a backend's list load on their own too: a link to one run does not wait for them.
const ConsolePage = lazy(() => import('@/app/console/console-page').then((m) => ({ default: m.ConsolePage })));
const BackendPage = lazy(() => import('@/app/console/backend-page').then((m) => ({ default: m.BackendPage })));
// The compare screen (and jsdiff with it) loads only for a compare link.
const ComparePage = lazy(() => import('@/app/compare/compare-page').then((m) => ({ default: m.ComparePage })));

/** Composition root: theme, route, and the page the URL asks for. */
export function App() {
  useSystemTheme();
  const [search, navigate] = useSearch();
  const route = parseRoute(search, KNOWN_DIALECTS);
  const consoleIsHome = useKeptBackends().length > 0;
  // The link's protocol loads alongside the run page's chunk, not after it (the page waits on the same promise).
  // Watched (which also keeps a failure from going unhandled): the page reads the dialect on its first render when it came first.
  const dialect = route.kind === 'live' ? loadDialect(route.dialect) : undefined;
  if (dialect) void watch(dialect);
  useEffect(() => startWatchWhenWanted(), []);
  return (
    <PanelErrorBoundary name="page">
      <Suspense fallback={LOADING}>
        {route.kind === 'start' && consoleIsHome && <ConsolePage navigate={navigate} />}
        {(route.kind === 'welcome' || (route.kind === 'start' && !consoleIsHome)) && (
          <StartScreen navigate={navigate} />
        )}
        {route.kind === 'backend' && <BackendPage key={search} route={route} navigate={navigate} />}
        {route.kind === 'live' && <liveRunPage.Component key={search.replace(/&(node|event)=[^&]*/g, '')} route={route} search={search} navigate={navigate} />}
        {route.kind === 'invalid' && (
          <main className="mx-auto max-w-2xl p-8">
            <h1 className="text-xl font-semibold">This link cannot be opened</h1>
            <ul className="mt-2 list-disc pl-5 text-sm">
              {route.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
            <a className="mt-4 inline-block text-sky-700 underline dark:text-sky-300" href="/">Go to the start page</a>
          </main>
        )}
        {route.kind === 'compare' && <ComparePage key={search} route={route} navigate={navigate} />}
        {route.kind === 'replay' && <replayPage.Component key={route.replay} route={route} navigate={navigate} />}
      </Suspense>
    </PanelErrorBoundary>
  );
}

/**
 * App-wide, so watched backends keep feeding the reviewer inbox on every page; loaded only
 * once a backend is watched (a link to one run does not wait for the console's code).
 */
function startWatchWhenWanted(): () => void {
  const stop = new AbortController();
  let started = false;
  const check = () => {
    if (started || !backendsStore.getState().backends.some((b) => b.watchRunning)) return;
    started = true;
    // Detached: the watch runs for the page's life. A chunk that fails to load is said in the console (no view waits on it).
    import('@/app/console/console-watch').then(
      ({ startConsoleWatch }) => {
        if (!stop.signal.aborted) startConsoleWatch({ signal: stop.signal });
      },
      (error: unknown) => console.error('the background run watch could not load', error),
    );
  };
  const unsubscribe = backendsStore.subscribe(check);
  check();
  return () => {
    unsubscribe();
    stop.abort();
  };
}
