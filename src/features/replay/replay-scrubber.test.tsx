// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';

import type { ReplayMark } from '@/features/replay/replay-controller';
import { ReplayScrubber } from '@/features/replay/replay-scrubber';

afterEach(cleanup);

const MARKS: readonly ReplayMark[] = [
  { kind: 'chapter', position: 1, label: 'Plan' },
  { kind: 'gate', position: 51, label: 'Approve the plan?' },
  { kind: 'failure', position: 101, label: 'timeout' },
];

describe('ReplayScrubber', () => {
  test('the marks sit at their frames and are listed, whatever the position; a move seeks', () => {
    const seeks: number[] = [];
    const view = render(<ReplayScrubber position={1} min={1} total={101} marks={MARKS} onSeek={(p) => seeks.push(p)} />);
    const ticks = () => [...view.container.querySelectorAll<HTMLElement>('[aria-hidden] span')].map((el) => el.style.left);
    const listed = () => screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(ticks()).toEqual(['0%', '50%', '100%']);
    expect(listed()).toEqual(['chapter at frame 1: Plan', 'gate at frame 51: Approve the plan?', 'failure at frame 101: timeout']);
    const tickElements = [...view.container.querySelectorAll('[aria-hidden] span')];

    view.rerender(<ReplayScrubber position={77} min={1} total={101} marks={MARKS} onSeek={(p) => seeks.push(p)} />);
    const slider = screen.getByRole('slider', { name: 'Replay position' });
    expect(slider.getAttribute('aria-valuetext')).toBe('frame 77 of 101');
    expect(ticks()).toEqual(['0%', '50%', '100%']);
    expect([...view.container.querySelectorAll('[aria-hidden] span')]).toEqual(tickElements);
    fireEvent.change(slider, { target: { value: '30' } });
    expect(seeks).toEqual([30]);
  });

  test('thousands of marks draw at most one tick per bucket of the track, and are described by count, not one by one', () => {
    // A million-frame run's shape: a few chapters and gates, a failure every 300 frames.
    const chapter: ReplayMark = { kind: 'chapter', position: 1, label: 'Plan' };
    const gate: ReplayMark = { kind: 'gate', position: 500_000, label: 'Approve the plan?' };
    const failures = Array.from({ length: 3_000 }, (_, i): ReplayMark => ({ kind: 'failure', position: 300 * (i + 1), label: `n${i} failed` }));
    const many = [chapter, ...failures, gate].sort((a, b) => a.position - b.position);
    const view = render(<ReplayScrubber position={1} min={1} total={1_000_000} marks={many} onSeek={() => undefined} />);
    const ticks = [...view.container.querySelectorAll<HTMLElement>('[aria-hidden] span')];
    expect(ticks.length).toBeLessThanOrEqual(300);
    expect(ticks.length).toBeGreaterThan(250);
    // The chapter shares the first bucket with failures: the tick takes the failure's colour and says what it holds.
    expect(ticks[0]?.className).toContain('bg-red-600');
    expect(ticks[0]?.title).toMatch(/^1 chapter, \d+ failures from frame 1 to \d+$/);
    expect(ticks.some((tick) => tick.className.includes('bg-amber-500'))).toBe(false);
    expect(ticks.find((tick) => tick.title.includes('1 gate'))?.className).toContain('bg-red-600');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'chapter at frame 1: Plan',
      'gate at frame 500000: Approve the plan?',
      '3,000 failures from frame 300 to 900000: step through them with Previous failure and Next failure',
    ]);
  });
});
