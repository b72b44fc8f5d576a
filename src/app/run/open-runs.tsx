import { personalRuns, useSessionRegistry } from '@/app/session/session-registry';

/** Runs still connected in this tab, so the start page leads back to them. */
export function OpenRuns({ navigate }: { navigate: (search: string) => void }) {
  const runs = useSessionRegistry((s) => s.runs);
  const list = personalRuns(runs);
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="open-runs-heading" className="flex flex-col gap-2">
      <h2 id="open-runs-heading" className="text-lg font-semibold">Runs open in this tab</h2>
      <ul className="flex flex-wrap gap-2">
        {list.map((run) => (
          <li key={run.key}>
            <button
              type="button"
              onClick={() => navigate(run.search)}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800"
            >
              {run.session.dialect.label} · <span className="font-mono">{run.session.runId}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
