import { describe, expect, test } from 'vitest';

import { buildBackendSearch, buildLiveSearch, buildReplaySearch, parseRoute, withFocus } from '@/app/url-contract';

const known = ['relavium', 'mars'];

describe('url contract', () => {
  test('no parameters opens the start page', () => {
    expect(parseRoute('', known)).toEqual({ kind: 'start' });
  });

  test('a live link names dialect, backend and run', () => {
    expect(parseRoute('?dialect=relavium&url=http://127.0.0.1:8787&run=fanout~1', known)).toEqual({
      kind: 'live',
      dialect: 'relavium',
      url: 'http://127.0.0.1:8787',
      run: 'fanout~1',
      focus: {},
    });
  });

  test('a backend without a run opens its run list; page=welcome opens the welcome page', () => {
    expect(parseRoute('?dialect=relavium&url=http://127.0.0.1:8787', known)).toEqual({ kind: 'backend', dialect: 'relavium', url: 'http://127.0.0.1:8787' });
    expect(parseRoute(buildBackendSearch('mars', 'ws://h:1'), known)).toEqual({ kind: 'backend', dialect: 'mars', url: 'ws://h:1' });
    expect(parseRoute('?dialect=mars&url=ws://h:1&start=', known)).toMatchObject({ kind: 'live', start: '' });
    expect(parseRoute('?page=welcome', known)).toEqual({ kind: 'welcome' });
  });

  test('start only pre-fills: it is carried as text', () => {
    const route = parseRoute('?dialect=mars&url=ws://h:1&start=build%20it', known);
    expect(route).toMatchObject({ kind: 'live', start: 'build it' });
  });

  test('bad links explain what is wrong', () => {
    const route = parseRoute('?dialect=nope&url=ftp://x', known);
    expect(route.kind).toBe('invalid');
    expect(route.kind === 'invalid' && route.problems.join(' ')).toMatch(/unknown dialect "nope".*"url" must be/);
  });

  test('replay with a position and a focused node', () => {
    expect(parseRoute('?replay=/r.jsonl&at=12&node=plan', known)).toEqual({
      kind: 'replay',
      replay: '/r.jsonl',
      at: 12,
      focus: { node: 'plan' },
    });
    expect(parseRoute('?replay=/r.jsonl&at=-1', known).kind).toBe('invalid');
  });

  test('built links parse back to the same route', () => {
    const search = buildLiveSearch({ dialect: 'relavium', url: 'http://a:1', run: 'x y' });
    expect(parseRoute(search, known)).toMatchObject({ kind: 'live', run: 'x y' });
    expect(parseRoute(buildReplaySearch('/a b.jsonl', 3), known)).toMatchObject({ replay: '/a b.jsonl', at: 3 });
    expect(withFocus(search, { node: 'n1', event: 4 })).toContain('node=n1&event=4');
  });

  test('a value over its bound makes the link invalid, said with its length and never echoed whole', () => {
    const route = parseRoute(`?dialect=relavium&url=http://a:1&run=${'x'.repeat(10_000)}`, known);
    expect(route).toEqual({ kind: 'invalid', problems: ['The run id is 10,000 characters long: at most 256 are accepted.'] });
    const bad = parseRoute(`?dialect=relavium&url=${'u'.repeat(1_000)}&run=a`, known);
    expect(bad.kind === 'invalid' && bad.problems.join(' ').length).toBeLessThan(300);
  });

  test('a tolky link carries the session its intent belongs to', () => {
    const search = buildLiveSearch({ dialect: 'tolky', url: 'http://a:1', run: 'i1', session: 'demo' });
    expect(parseRoute(search, ['tolky'])).toMatchObject({ kind: 'live', run: 'i1', session: 'demo' });
    expect(parseRoute(buildLiveSearch({ dialect: 'tolky', url: 'http://a:1', run: 'i1' }), ['tolky'])).not.toHaveProperty('session');
  });

  test('setting the focus leaves every other parameter spelled as typed (the run view is keyed by them)', () => {
    const typed = '?dialect=relavium&url=http://127.0.0.1:8787&run=fanout~a1';
    expect(withFocus(typed, { node: 'r 1' })).toBe(`${typed}&node=r+1`);
    expect(withFocus(`${typed}&node=old&event=3`, { event: 5 })).toBe(`${typed}&event=5`);
    expect(withFocus(`${typed}&node=old`, {})).toBe(typed);
    expect(parseRoute(withFocus(typed, { node: 'r 1', event: 2 }), known)).toMatchObject({ run: 'fanout~a1', focus: { node: 'r 1', event: 2 } });
  });
});
