import { describe, expect, test } from 'vitest';

import { describeHealth } from '@/features/health/describe-health';

const base = { resyncing: false, stale: false };

describe('describeHealth', () => {
  test('live, resyncing and stale read differently', () => {
    expect(describeHealth({ ...base, state: { status: 'live' } }, 'live', 0).label).toBe('Live');
    expect(describeHealth({ ...base, resyncing: true, state: { status: 'live' } }, 'live', 0).label).toBe('Resyncing');
    const stale = describeHealth({ ...base, stale: true, lastActivityAtMs: 1000, state: { status: 'live' } }, 'live', 61_000);
    expect(stale).toEqual({ label: 'Stale', detail: 'no data for 60 s', tone: 'warn' });
  });

  test('reconnecting says which attempt and when the next try is', () => {
    const text = describeHealth(
      { ...base, state: { status: 'reconnecting', attempt: 3, nextRetryAtMs: 4_000, reason: 'connection lost' } },
      'live',
      1_000,
    );
    expect(text.detail).toBe('attempt 3, next try in 3 s · connection lost');
  });

  test('a watch says what it cannot see', () => {
    const text = describeHealth({ ...base, note: 'watching over REST, every 3 s', blindSpot: 'no pending approval is shown', state: { status: 'live' } }, 'live', 0);
    expect(text).toEqual({ label: 'Watching', detail: 'watching over REST, every 3 s · no pending approval is shown', tone: 'ok' });
  });

  test('a replay never claims to be live', () => {
    expect(describeHealth({ ...base, state: { status: 'live' } }, 'replay', 0).label).toBe('Replay');
  });
});

describe('one vocabulary for every protocol', () => {
  test('a finished run reads closed because it ended, however its transport closed', () => {
    const ended = { label: 'Closed', detail: 'the run ended (succeeded)', tone: 'idle' };
    expect(describeHealth({ ...base, state: { status: 'closed', by: 'server', reason: 'the stream said the run is over' } }, 'live', 0, 'succeeded')).toEqual(ended);
    expect(describeHealth({ ...base, state: { status: 'closed', by: 'client', reason: 'the backend left the connection open' } }, 'live', 0, 'succeeded')).toEqual(ended);
    expect(describeHealth({ ...base, state: { status: 'closed', by: 'server' } }, 'live', 0, 'failed').detail).toBe('the run ended (failed)');
  });

  test('an error closes the connection of a run still going; after the end it is only a footnote', () => {
    expect(describeHealth({ ...base, state: { status: 'error', error: 'HTTP 500' } }, 'live', 0, 'running')).toEqual({ label: 'Closed by an error', detail: 'HTTP 500', tone: 'bad' });
    expect(describeHealth({ ...base, state: { status: 'error', error: 'HTTP 500' } }, 'live', 0, 'cancelled').label).toBe('Closed');
  });

  test('a stream closed while the run waits at a gate reads paused, not closed', () => {
    const text = describeHealth({ ...base, state: { status: 'closed', by: 'server' } }, 'live', 0, 'paused');
    expect(text.label).toBe('Paused');
    expect(text.detail).toMatch(/answering it reopens the stream/);
  });

  test('a closed stream of a run that has not ended says why it closed', () => {
    expect(describeHealth({ ...base, state: { status: 'closed', by: 'server' } }, 'live', 0, 'running')).toEqual({ label: 'Closed', detail: 'the backend ended the stream', tone: 'idle' });
  });
});
