// @vitest-environment jsdom
/** The state panel over a real session: tree, last change highlighted, a bad patch said plainly. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { StatePanel } from '@/features/state/state-panel';

import { makeSession, withSession } from './make-session';

afterEach(cleanup);

const changedRows = (container: HTMLElement) => [...container.querySelectorAll('[data-changed]')].map((el) => el.getAttribute('data-pointer'));

describe('StatePanel', () => {
  it('shows the state as a tree and highlights the last change', () => {
    const session = makeSession();
    const view = render(withSession(session, <StatePanel />));
    expect(screen.getByText('No state yet')).toBeTruthy();

    act(() => session.apply([{ type: 'state.snapshot', state: { cart: { items: ['milk'], total: 3 }, user: '<b>x</b>' } }]));
    expect(changedRows(view.container)).toEqual(['']);
    expect(view.container.querySelector('[data-pointer="/user"]')?.textContent).toContain('"<b>x</b>"');
    expect(view.container.querySelector('b')).toBeNull(); // hostile text stays text

    act(() => session.apply([{ type: 'state.delta', ops: [{ op: 'add', path: '/cart/items/-', value: 'eggs' }, { op: 'replace', path: '/cart/total', value: 5 }] }]));
    expect(changedRows(view.container)).toEqual(['/cart/items/1', '/cart/total']);
    expect(view.container.querySelector('[data-pointer="/cart/items/1"]')?.textContent).toContain('"eggs"');
    expect(screen.getByTestId('state-last-change').textContent).toBe('Last change: /cart/items/-, /cart/total (timeline row 1).');
  });

  it('opens the folds a change reaches into and leaves them open when the next change is elsewhere', () => {
    const session = makeSession();
    const view = render(withSession(session, <StatePanel />));
    const isOpen = (pointer: string) => (view.container.querySelector(`details[data-pointer="${pointer}"]`) as HTMLDetailsElement | null)?.open;
    act(() => session.apply([{ type: 'state.snapshot', state: { a: { b: { c: 1 } }, x: { y: { z: 1 } } } }]));
    expect([isOpen('/a/b'), isOpen('/x/y')]).toEqual([false, false]);
    act(() => session.apply([{ type: 'state.delta', ops: [{ op: 'replace', path: '/a/b/c', value: 2 }] }]));
    expect([isOpen('/a/b'), isOpen('/x/y')]).toEqual([true, false]);
    act(() => session.apply([{ type: 'state.delta', ops: [{ op: 'replace', path: '/x/y/z', value: 2 }] }]));
    expect([isOpen('/a/b'), isOpen('/x/y')]).toEqual([true, true]);
  });

  it('keeps the last good state on screen and says why a patch was not applied', () => {
    const session = makeSession();
    const view = render(withSession(session, <StatePanel />));
    act(() => session.apply([{ type: 'state.snapshot', state: { n: 1 } }]));
    act(() => session.apply([{ type: 'state.delta', ops: [{ op: 'remove', path: '/gone' }] }]));
    expect(screen.getByRole('alert').textContent).toMatch(/state patch not applied, operation 0 \(remove \/gone\): no value at "\/gone"; the last good state is kept \(timeline row 1\)/);
    expect(view.container.querySelector('[data-pointer="/n"]')?.textContent).toContain('1');
  });
});
