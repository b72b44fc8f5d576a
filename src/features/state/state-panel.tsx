/**
 * The run's shared agent state (AG-UI STATE_SNAPSHOT / STATE_DELTA): the current state as
 * a tree with the last change highlighted. In replay the run store is restored to the
 * scrubbed point, so this shows the state there. A patch that could not be applied is
 * said plainly above the last good state, which stays on screen.
 */
import { useMemo } from 'react';

import { EmptyState } from '@/components/ui/empty-state';
import { useAgentState } from '@/stores/panel-selectors';

import { changedPointers } from '@/features/state/changed-pointers';
import { StateTree } from '@/features/state/state-tree';

export function StatePanel() {
  const agent = useAgentState();
  const marks = useMemo(() => changedPointers(agent.value, agent.lastPaths), [agent.value, agent.lastPaths]);
  if (agent.version === 0 && agent.error === undefined) {
    return <EmptyState title="No state yet">The agent has sent no state snapshot at this point of the run.</EmptyState>;
  }
  return (
    <section aria-label="Agent state" className="flex flex-col gap-2 p-2 text-sm text-slate-900 dark:text-slate-100">
      {agent.error && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <span aria-hidden>⚠ </span>
          {agent.error.message} (timeline row {agent.error.row}{agent.failed > 1 ? `; ${agent.failed} patches failed in all` : ''}).
        </p>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="state-last-change">
        {agent.version === 0 ? 'No state applied yet.' : `Last change: ${describeChange(agent.lastPaths)} (timeline row ${agent.lastRow}).`}
      </p>
      {agent.version > 0 && <StateTree value={agent.value} marks={marks} />}
    </section>
  );
}

function describeChange(paths: readonly string[]): string {
  if (paths.length === 1 && paths[0] === '') return 'a new snapshot';
  const shown = paths.slice(0, 3).join(', ');
  return paths.length > 3 ? `${shown} and ${paths.length - 3} more` : shown;
}
