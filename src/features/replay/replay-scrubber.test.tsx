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
});
