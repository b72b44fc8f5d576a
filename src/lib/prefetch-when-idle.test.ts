import { afterEach, describe, expect, test, vi } from 'vitest';

import { prefetchWhenIdle } from '@/lib/prefetch-when-idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('prefetchWhenIdle', () => {
  test('loads once the page is idle, not before', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => ((idle = callback), 7));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const load = vi.fn(() => Promise.resolve());
    prefetchWhenIdle(load);
    expect(load).not.toHaveBeenCalled();
    idle?.();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('cancelled before the page is idle, it loads nothing', () => {
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    prefetchWhenIdle(() => Promise.resolve())();
    expect(cancelled).toEqual([7]);
  });

  test('without requestIdleCallback it waits a moment; a failed load is swallowed for the real import to report', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    prefetchWhenIdle(load);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
