/**
 * Connection health → the words and tone the status region shows (pure; tested). One
 * vocabulary for every protocol, whatever its transport does at the end: Live, Watching,
 * Reconnecting, Closed because the run ended, Closed by an error — and, where a protocol's
 * stream closes while the run waits for a person (an AG-UI interrupt), Paused.
 */
import type { ConnectionHealth } from '@/stores/run-types';

export type HealthTone = 'ok' | 'busy' | 'warn' | 'bad' | 'idle';

export type HealthText = Readonly<{ label: string; detail?: string; tone: HealthTone }>;

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/** `runStatus`: the run's own status; a finished run's connection reads as closed because it ended. */
export function describeHealth(health: ConnectionHealth, mode: 'live' | 'replay', nowMs: number, runStatus?: string): HealthText {
  if (mode === 'replay') return { label: 'Replay', detail: 'playing a recording; nothing is sent to a backend', tone: 'idle' };
  const { state } = health;
  const ended = runStatus !== undefined && FINISHED.has(runStatus);
  switch (state.status) {
    case 'connecting':
      return { label: 'Connecting', tone: 'busy' };
    case 'live':
      return describeOpen(health, nowMs);
    case 'reconnecting': {
      const inS = Math.max(0, Math.ceil((state.nextRetryAtMs - nowMs) / 1000));
      return { label: 'Reconnecting', detail: `attempt ${state.attempt}${inS > 0 ? `, next try in ${inS} s` : ''} · ${state.reason}`, tone: 'warn' };
    }
    case 'closed':
      if (ended) return { label: 'Closed', detail: `the run ended (${runStatus})`, tone: 'idle' };
      if (runStatus === 'paused') return { label: 'Paused', detail: 'the stream closed while the run waits for an answer; answering it reopens the stream', tone: 'warn' };
      return { label: 'Closed', detail: state.reason ?? (state.by === 'server' ? 'the backend ended the stream' : 'disconnected'), tone: 'idle' };
    case 'error':
      if (ended) return { label: 'Closed', detail: `the run ended (${runStatus}); then the connection failed: ${state.error}`, tone: 'idle' };
      return { label: 'Closed by an error', detail: state.error, tone: 'bad' };
  }
}

/** An open connection: live, watching, or live but with something to say (nothing yet, resyncing, stale). */
function describeOpen(health: ConnectionHealth, nowMs: number): HealthText {
  if (health.nothingYet) return { label: 'Nothing yet', detail: `connected, but nothing has arrived for this run — check the run id${health.note ? ` · ${health.note}` : ''}`, tone: 'warn' };
  if (health.resyncing) return { label: 'Resyncing', detail: 'fetching what a gap in the stream lost', tone: 'busy' };
  if (health.stale) {
    const silentS = health.lastActivityAtMs ? Math.round((nowMs - health.lastActivityAtMs) / 1000) : undefined;
    return { label: 'Stale', detail: silentS ? `no data for ${silentS} s` : 'no data for a while', tone: 'warn' };
  }
  if (health.note) return { label: 'Watching', detail: health.blindSpot ? `${health.note} · ${health.blindSpot}` : health.note, tone: 'ok' };
  return { label: 'Live', tone: 'ok' };
}
