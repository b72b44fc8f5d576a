import { describe, expect, test } from 'vitest';

import { addressOfSearch, buildCompareSearch, parseCompareRoute, queryOfAddress } from '@/app/compare/compare-address';
import { buildLiveSearch, buildReplaySearch, parseRoute as parseAny } from '@/app/url-contract';

const known = ['relavium', 'agui'];
/** A link as the app reads it: the URL contract, then the compare page's own check of the addresses. */
function parseRoute(search: string, dialects: readonly string[]) {
  const route = parseAny(search, dialects);
  return route.kind === 'compare' ? parseCompareRoute(route.addresses, (address) => parseAny(address, dialects)) : route;
}
const live = buildLiveSearch({ dialect: 'relavium', url: 'http://127.0.0.1:8787', run: 'fanout~1' });
const replay = buildReplaySearch('/recordings/relavium-gate.jsonl', 12);

describe('compare links', () => {
  test('two run pages’ addresses make a compare link that opens both runs as their own links would', () => {
    const search = buildCompareSearch(addressOfSearch(`${live}&node=plan`), addressOfSearch(replay));
    const route = parseRoute(search, known);
    expect(route).toEqual({
      kind: 'compare',
      sides: [
        { kind: 'live', dialect: 'relavium', url: 'http://127.0.0.1:8787', run: 'fanout~1', focus: {} },
        { kind: 'replay', replay: '/recordings/relavium-gate.jsonl', at: 12, focus: {} },
      ],
    });
  });

  test('a pasted whole link, a query with "?" and a bare recording URL are addresses too', () => {
    expect(queryOfAddress(`http://example.test/${live}`)).toBe(live);
    expect(queryOfAddress(live)).toBe(live);
    expect(queryOfAddress(live.slice(1))).toBe(live);
    expect(queryOfAddress('https://host/rec.jsonl')).toBe('?replay=https%3A%2F%2Fhost%2Frec.jsonl');
    expect(parseRoute(buildCompareSearch('/a.jsonl', 'https://host/b.jsonl'), known)).toMatchObject({ kind: 'compare', sides: [{ replay: '/a.jsonl' }, { replay: 'https://host/b.jsonl' }] });
  });

  test('one address, three, a backend without a run, a start link or a bad dialect are refused with the reason', () => {
    const one = parseRoute(`?compare=${encodeURIComponent(live.slice(1))}`, known);
    expect(one).toEqual({ kind: 'invalid', problems: ['a comparison takes two runs ("compare" twice), not 1'] });
    const backend = buildLiveSearch({ dialect: 'relavium', url: 'http://h:1' }).slice(1);
    const start = buildLiveSearch({ dialect: 'agui', url: 'http://h:1/agent', start: 'go' }).slice(1);
    const route = parseRoute(buildCompareSearch(backend, start), known);
    expect(route.kind === 'invalid' && route.problems).toEqual([
      expect.stringMatching(/^run A: .* names no run/),
      expect.stringMatching(/^run B: .* names no run/),
    ]);
    const bad = parseRoute(buildCompareSearch('dialect=nope&url=http://h&run=1', replay.slice(1)), known);
    expect(bad.kind === 'invalid' && bad.problems[0]).toMatch(/^run A: unknown dialect "nope"/);
  });

  test('an address over its bound is refused before anything is opened', () => {
    const route = parseRoute(buildCompareSearch(`replay=${'x'.repeat(5000)}`, replay.slice(1)), known);
    expect(route.kind === 'invalid' && route.problems[0]).toMatch(/^run A: the address is 5,007 characters long/);
  });
});
