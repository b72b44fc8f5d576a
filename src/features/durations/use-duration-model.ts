/**
 * The duration view's model, kept current: the run's attempt projection reads only new log
 * rows (at most four times a second while rows arrive), and "now" ticks once a second while a
 * live run is not over. In a replay, "now" is the time of the last event the player
 * applied, so the view follows the player.
 */
import { useEffect, useMemo, useState } from 'react';

import { useRunAttempts } from '@/stores';
import { useEventLog, useGraphState, useLogLength } from '@/stores/panel-selectors';
import { useLastEventAtMs, useRunStatus } from '@/stores/run-selectors';
import { useRunSession } from '@/stores/run-session';

import { buildDurationModel, type DurationModel } from '@/features/durations/duration-model';

const REFRESH_MS = 250;
const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

export type DurationView = Readonly<{
  model: DurationModel;
  /** Where the "now" line stands: the clock while live, the player's position in a replay. */
  nowMs: number;
  live: boolean;
  replay: boolean;
  /** The axis end: the furthest end this view has seen, so scrubbing a replay back keeps the whole run's axis. */
  axisEndMs: number;
}>;

export function useDurationModel(): DurationView {
  const session = useRunSession();
  const log = useEventLog();
  const graph = useGraphState();
  const attempts = useRunAttempts(useThrottledValue(useLogLength(), REFRESH_MS));
  const status = useRunStatus();
  const live = session.mode === 'live' && !TERMINAL.has(status);
  const lastEventAtMs = useLastEventAtMs(session.mode === 'replay');
  const clock = useClock(live);
  const model = useMemo(() => {
    const now = session.mode === 'replay' ? (lastEventAtMs ?? attempts.runEndedAtMs ?? 0) : live ? clock : (attempts.runEndedAtMs ?? clock);
    return { model: buildDurationModel(attempts, graph, now), nowMs: now };
  }, [attempts, graph, clock, live, lastEventAtMs, session.mode]);
  // A new log (another session, a reloaded replay) starts the axis again.
  const axisEndMs = useFurthest(Math.max(model.model.endMs, model.nowMs), log);
  return { ...model, live, replay: session.mode === 'replay', axisEndMs };
}

/** The largest value seen since `key` last changed. */
function useFurthest(value: number, key: object): number {
  const [seen, setSeen] = useState({ key, value });
  if (seen.key !== key || value > seen.value) {
    setSeen({ key, value });
    return value;
  }
  return seen.value;
}

/** Date.now(), refreshed every second while `ticking`. */
function useClock(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** `value`, passed on at most once per `ms` (the last value always arrives). */
function useThrottledValue<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const [due, setDue] = useState(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = Math.max(0, due - Date.now());
    const timer = setTimeout(() => {
      setShown(value);
      setDue(Date.now() + ms);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, shown, due, ms]);
  return shown;
}
