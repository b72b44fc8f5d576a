import { buildBackendSearch } from '@/app/url-contract';
import { shortened } from '@/lib/input-bounds';
import type { RunSession } from '@/stores/run-session';

/** Shown in place of a run's views when its backend says there is no such run (run-not-found.tsx). */
export function RunNotFound({ session, reason }: { session: RunSession; reason: string }) {
  const backend = session.run.getState().source;
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-3 px-6 py-10">
      <h1 className="text-xl font-semibold">No such run</h1>
      <p className="text-sm break-words">
        The {session.dialect.label} backend at <span className="font-mono">{shortened(backend)}</span> has no run “<span className="font-mono">{shortened(session.runId)}</span>”.
      </p>
      <p className="text-sm break-words text-slate-600 dark:text-slate-300">It answered: {shortened(reason, 200)}. No command was sent; check the run id, or pick the run from the list.</p>
      <p className="flex flex-wrap gap-4 text-sm">
        <a className="text-sky-700 underline dark:text-sky-300" href={buildBackendSearch(session.dialect.id, backend)}>Open this backend’s run list</a>
        <a className="text-sky-700 underline dark:text-sky-300" href="/">Go to the start page</a>
      </p>
    </main>
  );
}
