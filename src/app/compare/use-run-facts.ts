/**
 * A run's facts for the compare screen, kept current while a live run goes on: re-read at
 * most every REFRESH_MS after its stores change (a token storm costs two reads a second,
 * not one per batch). A replay's stores do not change after opening, so it is read once.
 */
import { useEffect, useState } from 'react';

import type { RunSession } from '@/stores/run-session';

import type { RunFacts } from '@/features/compare/compare-types';
import { runFactsOfSession } from '@/features/compare/run-facts-of-session';

const REFRESH_MS = 500;

export function useRunFacts(session: RunSession | undefined): RunFacts | undefined {
  const [facts, setFacts] = useState<RunFacts | undefined>(() => (session ? runFactsOfSession(session) : undefined));
  useEffect(() => {
    if (!session) return;
    setFacts(runFactsOfSession(session));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setFacts(runFactsOfSession(session));
      }, REFRESH_MS);
    };
    const stopRun = session.run.subscribe(changed);
    const stopNodes = session.nodeStatus.subscribe(changed);
    return () => {
      stopRun();
      stopNodes();
      if (timer) clearTimeout(timer);
    };
  }, [session]);
  return facts;
}
