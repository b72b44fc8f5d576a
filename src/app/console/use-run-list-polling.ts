/**
 * Keeps the run lists of the given backends fresh while a page shows them: one poller per
 * backend (services/run-list-poller.ts), results written to the run-list store, all
 * stopped (requests in flight aborted) when the page goes or the backends or query change.
 * Backends without a run list (myagent, AG-UI) are not polled.
 */
import { useCallback, useEffect, useRef } from 'react';

import { listTargetOf } from '@/app/console/backend-target';
import { runListOf } from '@/protocol/run-lists';
import type { RunListQuery } from '@/protocol/run-summary';
import { pollRunList, type Poller } from '@/services/run-list-poller';
import type { KeptBackend } from '@/stores/backends-store';
import { runListStore } from '@/stores/run-list-store';

/** A modest rate: a list is a page of JSON, but many tabs may poll one backend. */
export const LIST_REFRESH_MS = 5_000;

type Polled = Pick<KeptBackend, 'id' | 'dialect' | 'url' | 'session'>;

export function useRunListPolling(backends: readonly Polled[], queryOf: (backend: Polled) => RunListQuery): { refresh: () => void } {
  const pollers = useRef<Poller[]>([]);
  // What the pollers depend on, as one string: a re-render with equal backends and queries keeps them running.
  const plan = JSON.stringify(backends.map((b) => [b.id, b.dialect, b.url, b.session ?? '', queryOf(b)]));
  useEffect(() => {
    const stop = new AbortController();
    const { actions } = runListStore.getState();
    pollers.current = backends.flatMap((backend) => {
      const entry = runListOf(backend.dialect);
      if (!entry || entry.source.kind === 'local') return [];
      return [
        pollRunList({
          source: entry.source,
          target: () => listTargetOf(backend),
          query: queryOf(backend),
          intervalMs: LIST_REFRESH_MS,
          signal: stop.signal,
          onFetching: () => actions.loading(backend.id),
          onResult: (outcome, atMs) => (outcome.ok ? actions.loaded(backend.id, outcome.page, atMs) : actions.failed(backend.id, outcome.problem, atMs)),
        }),
      ];
    });
    return () => stop.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `plan` stands for backends and their queries
  }, [plan]);
  return { refresh: useCallback(() => pollers.current.forEach((p) => p.refresh()), []) };
}
