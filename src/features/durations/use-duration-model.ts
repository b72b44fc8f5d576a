/**
 * The duration view's model, kept current: the attempt tracker reads only new log rows
 * (at most four times a second while rows arrive), and "now" ticks once a second while a
 * live run is not over. In a replay, "now" is the time of the last event the player
 * applied, so the view follows the player.
 */
import { useEffect, useMemo, useState } from 'react';

import { useEventLog, useGates, useGraphState, useLogLength, useNodeMap } from '@/stores/panel-selectors';
import { useLastEventAtMs, useRunStatus } from '@/stores/run-selectors';
import { useRunSession } from '@/stores/run-session';

import { AttemptTracker } from '@/features/durations/attempt-tracker';
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
  const gates = useGates();
  // Which nodes never ran is the node-status projection's to say, as every view reads it.
  const nodes = useNodeMap();
  const length = useThrottledValue(useLogLength(), REFRESH_MS);
  const status = useRunStatus();
  const live = session.mode === 'live' && !TERMINAL.has(status);
  const lastEventAtMs = useLastEventAtMs(session.mode === 'replay');
  const clock = useClock(live);
  // A new log (another session, a reloaded replay) needs a tracker of its own.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the log on purpose
  const tracker = useMemo(() => new AttemptTracker(), [log]);

  const model = useMemo(() => {
    void length; // the throttled log length is what says "new rows to read"
    tracker.advance(log);
    const now = session.mode === 'replay' ? (lastEventAtMs ?? tracker.runEndedAtMs ?? 0) : live ? clock : (tracker.runEndedAtMs ?? clock);
    return { model: buildDurationModel(tracker, graph, now, gates, nodes), nowMs: now };
  }, [tracker, log, length, graph, gates, nodes, clock, live, lastEventAtMs, session.mode]);
  const axisEndMs = useFurthest(Math.max(model.model.endMs, model.nowMs), tracker);
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
