import { useSessionRegistry } from '@/app/session-registry';
import type { RunSession } from '@/stores/run-session';

/** The runs open in this tab (they stay connected); pick one to look at it. */
export function RunSwitcher({ current, navigate }: { current: RunSession; navigate: (search: string) => void }) {
  const runs = useSessionRegistry((s) => s.runs);
  const list = Object.values(runs);
  if (list.length < 2) return null;
  return (
    <label className="flex items-center gap-1.5 text-xs">
      <span className="text-slate-500">Run</span>
      <select
        value={list.find((r) => r.session === current)?.key ?? ''}
        onChange={(event) => {
          const run = runs[event.target.value];
          if (run) navigate(run.search);
        }}
        className="max-w-64 rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-800"
      >
        {list.map((run) => (
          <option key={run.key} value={run.key}>
            {run.session.dialect.id} · {run.session.runId}
          </option>
        ))}
      </select>
    </label>
  );
}
