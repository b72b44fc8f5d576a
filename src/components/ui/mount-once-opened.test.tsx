// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MountOnceOpened } from '@/components/ui/mount-once-opened';

afterEach(cleanup);

/** A lazy "dialog" whose module load the test counts and resolves. */
function lazyDialog() {
  let resolve: (m: { default: (p: { open: boolean }) => React.ReactNode }) => void = () => undefined;
  const load = vi.fn(() => new Promise<{ default: (p: { open: boolean }) => React.ReactNode }>((r) => (resolve = r)));
  const Dialog = lazy(load);
  const finish = () => resolve({ default: ({ open }) => (open ? <p>dialog open</p> : <p>dialog closed</p>) });
  return { Dialog, load, finish };
}

describe('MountOnceOpened', () => {
  it('loads nothing until first opened, then stays mounted while closed', async () => {
    const { Dialog, load, finish } = lazyDialog();
    const view = (opened: boolean) => (
      <MountOnceOpened opened={opened} name="test dialog">
        <Dialog open={opened} />
      </MountOnceOpened>
    );
    const { rerender } = render(view(false));
    expect(load).not.toHaveBeenCalled();
    rerender(view(true));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByText('dialog open')).toBeTruthy();
    rerender(view(false));
    expect(screen.getByText('dialog closed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so in place of the dialog when its code cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazy(() => Promise.reject(new Error('chunk failed')));
    render(
      <MountOnceOpened opened name="test dialog">
        <Broken />
      </MountOnceOpened>,
    );
    await act(async () => undefined);
    expect(screen.getByText(/The test dialog panel stopped working/)).toBeTruthy();
  });
});
