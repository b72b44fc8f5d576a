/**
 * "Now" for a running node's elapsed time: the wall clock, re-read once a second while
 * `active`; in a replay the replay clock (the newest event on screen), so a node waiting
 * when the recording was made does not count the days since.
 */
import { useEffect, useState } from 'react';

import { useRunSession } from '@/stores/run-session';
import { useLastEventAtMs } from '@/stores/run-selectors';

export function useNow(active: boolean): number {
  const replay = useRunSession().mode === 'replay';
  const replayNow = useLastEventAtMs(replay);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active || replay) return undefined;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active, replay]);
  return replay ? (replayNow ?? now) : now;
}
