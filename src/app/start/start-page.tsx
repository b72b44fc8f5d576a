import { KeepBackendsSection } from '@/app/console/keep-backends-section';
import { OpenRuns } from '@/app/run/open-runs';
import { rememberToken } from '@/app/session/session-registry';
import { SimulatorCatalogue } from '@/app/start/simulator-catalogue';
import { buildLiveSearch } from '@/app/url-contract';
import { DIALECT_INFOS } from '@/protocol/dialect-info';

import { ConnectForm, type DialectChoice } from '@/features/connect/connect-form';

const CHOICES: DialectChoice[] = DIALECT_INFOS.map((d) => ({
    id: d.id,
    label: d.label,
    startsRuns: d.startsRuns,
    urlHint: d.address.example,
  }));

/** Where a newcomer lands: the simulator's runs, a recording to replay, or a real backend. */
export function StartPage({ navigate, children }: { navigate: (search: string) => void; children?: React.ReactNode }) {
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-8 px-6 py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Runboard</h1>
        <p className="text-slate-600 dark:text-slate-300">
          Watch agent-workflow runs live, answer their human gates, and replay them — from any of six protocols.
        </p>
      </header>
      <KeepBackendsSection navigate={navigate} />
      <OpenRuns navigate={navigate} />
      <section aria-labelledby="sim-heading" className="flex flex-col gap-3">
        <h2 id="sim-heading" className="text-lg font-semibold">Try a simulated run</h2>
        <SimulatorCatalogue onOpen={navigate} />
      </section>
      {children}
      <section aria-labelledby="connect-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
        <h2 id="connect-heading" className="text-lg font-semibold">Connect to your backend</h2>
        <ConnectForm
          dialects={CHOICES}
          onSubmit={(request) => {
            rememberToken(request.url, request.token, request.remember);
            navigate(buildLiveSearch({ dialect: request.dialect, url: request.url, ...(request.run ? { run: request.run } : {}), ...(request.start !== undefined ? { start: request.start } : {}) }));
          }}
        />
      </section>
    </main>
  );
}
