// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary';
import { preloadable } from '@/components/ui/preloadable';
import { useSettled } from '@/components/ui/use-settled';

afterEach(cleanup);

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

/** A component's "chunk" that the test resolves or fails. */
function controlled() {
  let settle: { resolve: (c: typeof Hello) => void; reject: (e: Error) => void } = { resolve: () => undefined, reject: () => undefined };
  const importer = vi.fn(() => new Promise<typeof Hello>((resolve, reject) => (settle = { resolve, reject })));
  return { importer, settle: () => settle };
}

describe('preloadable', () => {
  it('shows its fallback without a Suspense boundary, then the component once its code is here', async () => {
    const { importer, settle } = controlled();
    const { Component } = preloadable(importer, <p>Loading…</p>);
    render(<Component name="graph" />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => settle().resolve(Hello));
    expect(screen.getByText('hello graph')).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('draws a component whose code was loaded before on its first render, with no waiting state', async () => {
    const { importer, settle } = controlled();
    const { Component, load } = preloadable(importer, <p>Loading…</p>);
    const loading = load();
    settle().resolve(Hello);
    await loading;
    // Flushes the outcome's own handler, as any later task would have.
    await Promise.resolve();
    render(<Component name="run" />);
    expect(screen.getByText('hello run')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('gives a chunk that failed to the error boundary, and loads it again when the panel is reloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { importer, settle } = controlled();
    const { Component } = preloadable(importer, <p>Loading…</p>);
    render(
      <PanelErrorBoundary name="graph">
        <Component name="again" />
      </PanelErrorBoundary>,
    );
    await act(async () => settle().reject(new Error('chunk failed')));
    expect(screen.getByText(/The graph panel stopped working/)).toBeTruthy();
    expect(screen.getByText('chunk failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload panel' }));
    expect(importer).toHaveBeenCalledTimes(2);
    await act(async () => settle().resolve(Hello));
    expect(screen.getByText('hello again')).toBeTruthy();
  });
});

describe('useSettled', () => {
  const Show = ({ promise }: { promise: Promise<string> | undefined }) => <p>{useSettled(promise) ?? 'waiting'}</p>;

  it('reads a pending promise as undefined, then its value', async () => {
    let resolve: (value: string) => void = () => undefined;
    const promise = new Promise<string>((r) => (resolve = r));
    render(<Show promise={promise} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => resolve('shannon'));
    expect(screen.getByText('shannon')).toBeTruthy();
  });

  it('follows a new promise in place of the old one, and no promise reads as undefined', async () => {
    const { rerender } = render(<Show promise={Promise.resolve('first')} />);
    await act(async () => undefined);
    expect(screen.getByText('first')).toBeTruthy();
    rerender(<Show promise={undefined} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    let resolve: (value: string) => void = () => undefined;
    rerender(<Show promise={new Promise<string>((r) => (resolve = r))} />);
    await act(async () => resolve('second'));
    expect(screen.getByText('second')).toBeTruthy();
  });
});
