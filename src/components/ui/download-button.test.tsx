// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DownloadButton, type DownloadFile } from '@/components/ui/download-button';

afterEach(cleanup);
beforeEach(() => {
  // jsdom has no object URLs; the link click itself is jsdom's (it navigates nowhere).
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
});

/** A build the test finishes by hand. */
function pendingBuild() {
  let settle: { resolve: (file: DownloadFile) => void; reject: (error: Error) => void } | undefined;
  const build = vi.fn(() => new Promise<DownloadFile>((resolve, reject) => (settle = { resolve, reject })));
  return { build, settle: () => settle! };
}

const button = () => screen.getByRole('button');

describe('DownloadButton', () => {
  it('says it is preparing and takes no second click until the file is built', async () => {
    const { build, settle } = pendingBuild();
    render(<DownloadButton label="Export recording" busyLabel="Preparing recording…" title="t" failure="Export failed" build={build} />);
    fireEvent.click(button());
    expect(button().textContent).toBe('Preparing recording…');
    expect(button()).toHaveProperty('disabled', true);
    fireEvent.click(button());
    expect(build).toHaveBeenCalledTimes(1);
    await act(async () => settle().resolve({ text: 'x', fileName: 'r.jsonl' }));
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe('Export recording');
    expect(button()).toHaveProperty('disabled', false);
  });

  it('says why a build failed, and can be pressed again', async () => {
    const { build, settle } = pendingBuild();
    render(<DownloadButton label="Export trace" busyLabel="Preparing trace…" title="t" failure="Trace export failed" build={build} />);
    fireEvent.click(button());
    await act(async () => settle().reject(new Error('no spans')));
    expect(screen.getByRole('alert').textContent).toBe('Trace export failed: no spans');
    expect(button()).toHaveProperty('disabled', false);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
