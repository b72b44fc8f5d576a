/**
 * On the welcome page: keep backends for the console — the simulator's six in one click
 * (its demo runs in every state), or your own. Once one is kept, the console is the start page.
 */
import { lazy, Suspense, useState } from 'react';

import type { ConsoleDialog } from '@/app/console/console-dialogs';
import { SIMULATOR_URL } from '@/app/start/simulator-catalogue';
import { Button } from '@/components/ui/button';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';
import { DIALECT_INFOS } from '@/protocol/dialect-info';
import { backendsStore, useKeptBackends, type BackendInput } from '@/stores/backends-store';

// The dialogs (and the connection test behind them) load when first opened.
const ConsoleDialogs = lazy(() => import('@/app/console/console-dialogs').then((m) => ({ default: m.ConsoleDialogs })));

/** The simulator seeds its demo runs into this session of the lists that need one (tolky; src/simulator/run-lists/seed-runs.ts). */
const SIMULATOR_TOLKY_SESSION = 'demo';

function simulatorBackends(base: string): BackendInput[] {
  return DIALECT_INFOS.map((dialect) => ({
    dialect: dialect.id,
    url: simulatorBackendUrl(dialect, base),
    label: `Simulator · ${dialect.id}`,
    ...(dialect.listNeedsSession ? { session: SIMULATOR_TOLKY_SESSION } : {}),
  }));
}

export function KeepBackendsSection({ navigate }: { navigate: (search: string) => void }) {
  const kept = useKeptBackends();
  const [dialog, setDialog] = useState<ConsoleDialog>();
  const keepSimulator = () => {
    for (const input of simulatorBackends(SIMULATOR_URL)) backendsStore.getState().actions.add(input);
    navigate('');
  };
  return (
    <section aria-labelledby="console-heading" className="flex flex-col gap-2 rounded-lg border border-sky-200 bg-sky-50 p-4 dark:border-sky-900 dark:bg-sky-950/40">
      <h2 id="console-heading" className="text-lg font-semibold">The console: every run of every backend</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Keep the backends you use and see their runs side by side, filter them, open one, and answer their gates from one inbox.
        {kept.length > 0 && ` ${kept.length} backend${kept.length === 1 ? ' is' : 's are'} kept.`}
      </p>
      <div className="flex flex-wrap gap-2">
        {kept.length > 0 && <Button variant="primary" onClick={() => navigate('')}>Open the console</Button>}
        {SIMULATOR_URL && (
          <Button variant={kept.length > 0 ? 'secondary' : 'primary'} onClick={keepSimulator}>
            Keep the simulator’s six backends
          </Button>
        )}
        <Button onClick={() => setDialog({ kind: 'add' })}>Add a backend…</Button>
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <ConsoleDialogs dialog={dialog} onClose={() => setDialog(undefined)} navigate={navigate} />
        </Suspense>
      )}
    </section>
  );
}
