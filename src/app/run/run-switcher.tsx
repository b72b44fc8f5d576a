import { personalRuns, useSessionRegistry } from '@/app/session/session-registry';
import type { RunSession } from '@/stores/run-session';

const OPEN_ANOTHER = '__open-another__';

/** The runs open in this tab (they stay connected, so gates keep arriving); pick one, or open another. */
export function RunSwitcher({ current, navigate }: { current: RunSession; navigate: (search: string) => void }) {
  const runs = useSessionRegistry((s) => s.runs);
  const list = personalRuns(runs);
  const currentKey = list.find((r) => r.session === current)?.key;
  return (
    <label className="flex items-center gap-1.5 text-xs">
      <span className="text-slate-600 dark:text-slate-300">Run</span>
      <select
        value={currentKey ?? ''}
        onChange={(event) => {
          if (event.target.value === OPEN_ANOTHER) return navigate('');
          const run = runs[event.target.value];
          if (run) navigate(run.search);
        }}
        className="max-w-72 rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-800"
      >
        {currentKey === undefined && (
          <option value="">
            {current.mode === 'replay' ? 'this recording' : current.runId}
          </option>
        )}
        {list.map((run) => (
          <option key={run.key} value={run.key}>
            {run.session.dialect.id} · {run.session.runId}
          </option>
        ))}
        <option value={OPEN_ANOTHER}>Open another run…</option>
      </select>
    </label>
  );
}
