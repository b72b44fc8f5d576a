/** Connection health → the words and tone the status region shows (pure; tested). */
import type { ConnectionHealth } from '@/stores/run-types';

export type HealthTone = 'ok' | 'busy' | 'warn' | 'bad' | 'idle';

export type HealthText = Readonly<{ label: string; detail?: string; tone: HealthTone }>;

export function describeHealth(health: ConnectionHealth, mode: 'live' | 'replay', nowMs: number): HealthText {
  if (mode === 'replay') return { label: 'Replay', detail: 'playing a recording; nothing is sent to a backend', tone: 'idle' };
  const { state } = health;
  switch (state.status) {
    case 'connecting':
      return { label: 'Connecting', tone: 'busy' };
    case 'live':
      if (health.nothingYet) return { label: 'Nothing yet', detail: `connected, but nothing has arrived for this run — check the run id${health.note ? ` · ${health.note}` : ''}`, tone: 'warn' };
      if (health.resyncing) return { label: 'Resyncing', detail: 'fetching what a gap in the stream lost', tone: 'busy' };
      if (health.stale) {
        const silentS = health.lastActivityAtMs ? Math.round((nowMs - health.lastActivityAtMs) / 1000) : undefined;
        return { label: 'Stale', detail: silentS ? `no data for ${silentS} s` : 'no data for a while', tone: 'warn' };
      }
      if (health.note) return { label: 'Watching', detail: health.blindSpot ? `${health.note} · ${health.blindSpot}` : health.note, tone: 'ok' };
      return { label: 'Live', tone: 'ok' };
    case 'reconnecting': {
      const inS = Math.max(0, Math.ceil((state.nextRetryAtMs - nowMs) / 1000));
      return { label: 'Reconnecting', detail: `attempt ${state.attempt}${inS > 0 ? `, next try in ${inS} s` : ''} · ${state.reason}`, tone: 'warn' };
    }
    case 'closed':
      return { label: 'Closed', detail: state.reason ?? (state.by === 'server' ? 'the backend ended the stream' : 'disconnected'), tone: 'idle' };
    case 'error':
      return { label: 'Error', detail: state.error, tone: 'bad' };
  }
}
