import { useEffect, useId, useState } from 'react';

import { openLiveRun } from '@/app/open-live-run';
import { RunView } from '@/app/run-view';
import { liveRunKey, useSessionRegistry } from '@/app/session-registry';
import type { Route } from '@/app/url-contract';
import { Button } from '@/components/ui/button';
import { dialectById } from '@/protocol/dialects';

type LiveRoute = Extract<Route, { kind: 'live' }>;

/**
 * Opens (or re-shows) a live run. Watching starts on arrival — it only reads. Starting a
 * run is a side effect, so a link with `start=` only pre-fills the instructions and
 * nothing happens until the person presses "Start run".
 */
export function LiveRunPage({ route, search, navigate }: { route: LiveRoute; search: string; navigate: (s: string) => void }) {
  const dialect = dialectById(route.dialect);
  const key = liveRunKey(route);
  const open = useSessionRegistry((s) => s.runs[key]);
  const wantsStart = route.start !== undefined;

  const connect = (start?: string) => {
    if (!dialect || useSessionRegistry.getState().runs[key]) return;
    openLiveRun({ dialect, url: route.url, search, ...(route.run ? { run: route.run } : {}), ...(start !== undefined ? { start } : {}) });
  };

  useEffect(() => {
    // A run the console was watching becomes the person's own once they open it.
    if (useSessionRegistry.getState().runs[key]) useSessionRegistry.getState().adopt(key);
    else if (!wantsStart) connect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- connect once per run key
  }, [key]);

  if (!dialect) return null;
  if (open) return <RunView session={open.session} focus={route.focus} navigate={navigate} />;
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
