/** The console's kept backends, one row each: health (a failing one says why, on its own row), watch switch, actions. */
import { useStore } from 'zustand';

import { MAX_WATCHED_STREAMS } from '@/app/console/watch-bound';
import { testConnection } from '@/app/console/console-actions';
import { buildBackendSearch } from '@/app/url-contract';
import { dialectInfoById } from '@/protocol/dialect-info';
import { runListOf } from '@/protocol/run-lists';
import { backendsStore, type KeptBackend } from '@/stores/backends-store';
import { runListStore } from '@/stores/run-list-store';

import { BackendRow, type BackendActions } from '@/features/console/backend-row';

type Props = Readonly<{
  backends: readonly KeptBackend[];
  nowMs: number;
  navigate: (search: string) => void;
  onEdit: (backend: KeptBackend) => void;
  onStart: (backend: KeptBackend) => void;
}>;

export function ConsoleBackends({ backends, nowMs, navigate, onEdit, onStart }: Props) {
  const lists = useStore(runListStore, (s) => s.lists);
  const watch = useStore(runListStore, (s) => s.watch);
  const actions: BackendActions = {
    onOpenList: (b) => navigate(buildBackendSearch(b.dialect, b.url)),
    onStart,
    onEdit,
    onRemove: (b) => {
      backendsStore.getState().actions.remove(b.id);
      runListStore.getState().actions.forget(b.id);
    },
    onTest: (b) => testConnection({ dialect: b.dialect, url: b.url, ...(b.session ? { session: b.session } : {}) }),
    onWatch: (b, on) => backendsStore.getState().actions.setWatch(b.id, on),
  };
  return (
    <section id="console-backends" aria-labelledby="backends-heading" className="flex flex-col gap-2">
      <h2 id="backends-heading" className="text-base font-semibold">Backends</h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
        {backends.map((backend) => {
          const entry = runListOf(backend.dialect);
          return (
            <BackendRow
              key={backend.id}
              backend={backend}
              protocolLabel={dialectInfoById(backend.dialect)?.label ?? backend.dialect}
              listable={entry?.source.kind !== 'local'}
              canStart={entry?.starter !== undefined}
              maxStreams={MAX_WATCHED_STREAMS}
              list={lists[backend.id]}
              watch={watch[backend.id]}
              nowMs={nowMs}
              actions={actions}
              {...(entry?.unwatchable ? { unwatchable: entry.unwatchable } : {})}
            />
          );
        })}
      </ul>
    </section>
  );
}
