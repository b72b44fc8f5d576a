/**
 * The log revision for the timeline, with text-only growth coalesced to at most
 * TEXT_REFRESH_PER_S refreshes a second.
 *
 * Why: tokens coalesce into a node's text row without adding a row, so `logRevision`
 * changes on every ingest batch (each animation frame at 2,000 events/s) and re-rendered
 * the whole timeline — container, toolbar, virtualiser — 60 times a second to grow a few
 * visible text rows. A batch that adds rows changes `logLength`, which the timeline reads
 * directly and renders at once; only batches that merely grew text rows wait here. The
 * first text growth after a quiet spell shows at once (leading edge), later ones at most
 * every 100 ms (trailing edge), so no growth is ever lost.
 */
import { useEffect, useState } from 'react';

import { useRunSession } from '@/stores/run-session';

export const TEXT_REFRESH_PER_S = 10;
const TEXT_REFRESH_MS = 1000 / TEXT_REFRESH_PER_S;

export function useTextRevision(): number {
  const store = useRunSession().run;
  const [revision, setRevision] = useState(() => store.getState().logRevision);
  useEffect(() => {
    let lastMs = Number.NEGATIVE_INFINITY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      lastMs = performance.now();
      setRevision(store.getState().logRevision);
    };
    // Catch up on anything that changed between the first render and this effect.
    setRevision(store.getState().logRevision);
    const unsubscribe = store.subscribe((state, prev) => {
      if (state.logRevision === prev.logRevision || state.logLength !== prev.logLength || timer !== undefined) return;
      const wait = lastMs + TEXT_REFRESH_MS - performance.now();
      if (wait <= 0) refresh();
      else timer = setTimeout(refresh, wait);
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [store]);
  return revision;
}
