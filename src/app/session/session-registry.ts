/**
 * The runs open in this browser tab. Sessions stay connected while the person looks at
 * another run, so the run list can switch between them and the reviewer inbox can show
 * every pending gate. App-global and low-frequency: a module singleton (docs/ARCHITECTURE.md "Stores").
 */
import { create } from 'zustand';

import type { RunSession } from '@/stores/run-session';

export type OpenRun = Readonly<{
  key: string;
  session: RunSession;
  close: () => void;
  search: string;
  /**
   * Opened by the console's "watch running runs" (console-watch.ts), not by the person:
   * the watcher may close it; it is not listed among the runs open in this tab. Opening
   * it (a click in a list) makes it the person's run: `adopt` clears the flag.
   */
  watched?: boolean;
}>;

type RegistryState = Readonly<{
  runs: Readonly<Record<string, OpenRun>>;
  add: (run: OpenRun) => void;
  remove: (key: string) => void;
  adopt: (key: string) => void;
}>;

export const useSessionRegistry = create<RegistryState>()((set, get) => ({
  runs: {},
  add: (run) => set({ runs: { ...get().runs, [run.key]: run } }),
  remove: (key) => {
    const { [key]: removed, ...rest } = get().runs;
    removed?.close();
    set({ runs: rest });
  },
  adopt: (key) => {
    const run = get().runs[key];
    if (run?.watched) set({ runs: { ...get().runs, [key]: { ...run, watched: false } } });
  },
}));

/** The registry key of a live run (a list click and the watcher use the same one). */
export function liveRunKey(live: Readonly<{ dialect: string; url: string; run?: string; start?: string }>): string {
  return `${live.dialect}|${live.url}|${live.run ?? ''}|${live.start ?? ''}`;
}

/** Runs the person opened (the run switcher, "runs open in this tab"); watched ones are left out. */
export function personalRuns(runs: Readonly<Record<string, OpenRun>>): OpenRun[] {
  return Object.values(runs).filter((run) => !run.watched);
}

/** Tokens typed into the connect form: memory first, sessionStorage only when asked. */
const tokens = new Map<string, string>();
const STORAGE_PREFIX = 'runboard.token.';

export function rememberToken(backend: string, token: string, persistInTab: boolean): void {
  if (!token) return;
  tokens.set(backend, token);
  if (persistInTab) sessionStorage.setItem(STORAGE_PREFIX + backend, token);
}

export function tokenFor(backend: string): string | undefined {
  // No sessionStorage outside a browser (Node tests, workers): memory only.
  const stored = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_PREFIX + backend);
  return tokens.get(backend) ?? stored ?? undefined;
}
