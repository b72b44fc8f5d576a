// @vitest-environment jsdom
/**
 * The timeline coalesces text-only growth (tokens merging into a node's text row) to at
 * most ~10 refreshes a second, while a batch that adds a row shows at once
 * (src/features/timeline/use-text-revision.ts). Fake timers and a fake clock make the
 * 100 ms window deterministic; nothing here measures wall time.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';

import { Timeline } from '@/features/timeline/timeline';

import { fakeViewport, makeSession, withSession } from './make-session';

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = fakeViewport(600);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  restoreViewport();
});

const token = (delta: string): RunEvent => ({ type: 'node.output', nodeId: 'w', delta });

describe('timeline live refresh', () => {
  it('shows the first text growth at once, coalesces the next ones, and never loses the last', () => {
    const session = makeSession();
    render(withSession(session, <Timeline initialFollow />));
    act(() => session.apply([{ type: 'node.started', nodeId: 'w' }, token('Hello')]));
    expect(screen.getByText('Hello')).toBeTruthy();

    act(() => session.apply([token(' a')]));
    expect(screen.getByText('Hello a')).toBeTruthy(); // leading edge: nothing shown for a while

    act(() => session.apply([token(' b')]));
    act(() => session.apply([token(' c')]));
    expect(screen.getByText('Hello a')).toBeTruthy(); // inside the 100 ms window: held back
    expect(screen.queryByText('Hello a b c')).toBeNull();

    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText('Hello a b c')).toBeTruthy(); // trailing edge: the latest text
    expect(screen.getByText('×4')).toBeTruthy();

    // A batch that adds a row is never held back, even inside the window.
    act(() => session.apply([token(' d')]));
    act(() => session.apply([{ type: 'log', level: 'info', message: 'a new row' }]));
    expect(screen.getByText('a new row')).toBeTruthy();
    expect(screen.getByText('Hello a b c d')).toBeTruthy();
  });
});
