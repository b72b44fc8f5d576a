import { useEffect, useState } from 'react';

import { buildLiveSearch } from '@/app/url-contract';
import { EmptyState } from '@/components/ui/empty-state';
import { DIALECT_INFOS, type DialectInfo } from '@/protocol/dialect-info';
import { simulatorBackendUrl } from '@/lib/simulator-backend-url';

/** `dialects`: the stories only some servers tell (absent: every dialect). */
type Catalogue = { scenarios: { id: string; title: string; description: string; dialects?: string[] }[] };

// Dev server: the plugin names the simulator's port. A build served by the simulator: same origin.
export const SIMULATOR_URL: string = import.meta.env.VITE_SIMULATOR_URL ?? window.location.origin;

/** The simulator's runs in every dialect, one click each (a fresh run per click). */
export function SimulatorCatalogue({ onOpen }: { onOpen: (search: string) => void }) {
  const [catalogue, setCatalogue] = useState<Catalogue>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!SIMULATOR_URL) return;
    fetch(`${SIMULATOR_URL}/sim/scenarios`)
      .then((response) => response.json() as Promise<Catalogue>)
      .then(setCatalogue)
      .catch(() => setError(`No simulator answers at ${SIMULATOR_URL}. Start one with "npm start", or connect to your own backend below.`));
  }, []);
  if (!SIMULATOR_URL) {
    return <EmptyState title="No simulator in this build">Run “npm start” to get one, or connect to your own backend below.</EmptyState>;
  }
  if (error) return <EmptyState title="Simulator unavailable">{error}</EmptyState>;
  if (!catalogue) return <EmptyState title="Loading the simulator’s runs…" />;
  const dialects = DIALECT_INFOS;
  return (
    <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {dialects.map((dialect) => (
        <section key={dialect.id} aria-label={`${dialect.label} simulator runs`} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
          <h3 className="text-sm font-semibold">{dialect.label}</h3>
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
            {dialect.wire} · {dialect.startsRuns ? 'you start the run' : 'watch a running run'}
            {dialect.watchesWithoutStarter ? ' · open it in a second tab to watch it without the socket' : ''}
          </p>
          <ul className="flex flex-col gap-1">
            {catalogue.scenarios.filter((scenario) => scenario.dialects?.includes(dialect.id) ?? true).map((scenario) => (
              <li key={scenario.id}>
                <button
                  type="button"
                  onClick={() => onOpen(simulatorSearch(dialect, scenario))}
                  title={scenario.description}
                  className="w-full rounded-md px-2 py-1 text-left text-sm text-sky-700 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950"
                >
                  {scenario.title}
                  <span className="sr-only"> ({dialect.label})</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function simulatorSearch(dialect: DialectInfo, scenario: { id: string; title: string }): string {
  const url = simulatorBackendUrl(dialect, SIMULATOR_URL);
  const run = `${scenario.id}~${Date.now().toString(36)}`;
  if (!dialect.startsRuns) return buildLiveSearch({ dialect: dialect.id, url, run });
  // The instructions are the scenario's title, as a person would type them: they become the run's
  // name. The simulator picks the story from the run id, or (where the server names runs) the title.
  return buildLiveSearch({ dialect: dialect.id, url, start: scenario.title, ...(dialect.serverNamesRuns ? {} : { run }) });
}
