// @vitest-environment jsdom
/**
 * Bounds stated in the UI, and the whole raw frame always downloadable: the diagnostics
 * panel says when the live recording's bound dropped lines (a real FrameLog past its
 * bound), and every raw frame it shows offers "Download" — as JsonBlock does wherever
 * it is given `downloadable` (timeline raw panel, node details raw frames).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { JsonBlock } from '@/components/ui/json-block';
import { FrameLog } from '@/ingest/frame-log';

import { DiagnosticsPanel } from '@/features/diagnostics/diagnostics-panel';

import { makeSession, withSession } from './make-session';

afterEach(cleanup);

function sessionWithRecording(maxLines: number, frameCount: number) {
  const frames = new FrameLog({ runboard: 1, dialect: 'relavium', transport: 'sse', source: 'test', startedAt: '' }, 0, maxLines);
  for (let i = 0; i < frameCount; i += 1) frames.addFrame({ data: { n: i } }, i);
  const session = { ...makeSession(), frameAt: (i: number) => frames.frameAt(i), recordingBound: () => ({ droppedLines: frames.dropped, maxLines: frames.maxEntries, maxBytes: frames.maxBytes }) };
  return { session, frames };
}

describe('limits in the UI', () => {
  it('diagnostics states the recording bound once it is reached, not before', () => {
    const under = sessionWithRecording(10, 5);
    render(withSession(under.session, <DiagnosticsPanel />));
    expect(screen.queryByText(/Recording bound reached/)).toBeNull();
    cleanup();

    const over = sessionWithRecording(10, 14);
    expect(over.frames.dropped).toBeGreaterThan(0);
    render(withSession(over.session, <DiagnosticsPanel />));
    expect(screen.getByRole('note').textContent).toMatch(/the recording keeps the last 10 frames or 64\sMB of frames at most; the oldest 5 lines were dropped/);
  });

  it('a rejected frame in diagnostics can be downloaded whole', () => {
    const { session, frames } = sessionWithRecording(100, 3);
    render(withSession(session, <DiagnosticsPanel />));
    act(() => session.apply([], [{ frame: 2, reason: 'nodeId: expected string', atMs: 0 }]));
    expect(frames.frameAt(2)).toEqual({ data: { n: 2 } });
    expect(screen.getByLabelText('frame-2').textContent).toContain('"n": 2');
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it('JsonBlock offers Download for a small value only when asked (raw frames ask)', () => {
    render(<JsonBlock value={{ a: 1 }} label="frame-1" foldLong={false} downloadable />);
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
    cleanup();
    render(<JsonBlock value={{ a: 1 }} label="output" foldLong={false} />);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });
});
