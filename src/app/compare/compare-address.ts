/**
 * `?compare=<address A>&compare=<address B>`: each address is what a run page's own URL
 * carries — a live run's query (`dialect=…&url=…&run=…`) or a replay's (`replay=…`) — or,
 * for a person pasting, a whole Runboard link or a bare recording URL. Parsed here into the
 * two runs' routes by the same parser as any link (bounds included), so a compare link opens
 * exactly what the two run links open. Guarded by compare-address.test.ts.
 */
import type { Route } from '@/app/url-contract';
import { shortened } from '@/lib/input-bounds';

export type LiveSide = Extract<Route, { kind: 'live' }> & { run: string };
export type ReplaySide = Extract<Route, { kind: 'replay' }>;
export type CompareSide = LiveSide | ReplaySide;
export type CompareSides = { kind: 'compare'; sides: readonly [CompareSide, CompareSide] };

const MAX_ADDRESS = 4_096;

/** The query inside an address: a pasted link's own query, a query with or without "?", or a recording URL as `replay=`. */
export function queryOfAddress(address: string): string {
  const text = address.trim();
  if (/^https?:\/\/[^?]*\?(.*&)?(dialect|replay)=/.test(text)) return text.slice(text.indexOf('?'));
  if (/^\??(dialect|replay)=/.test(text)) return text.startsWith('?') ? text : `?${text}`;
  return `?${new URLSearchParams({ replay: text }).toString()}`;
}

export function parseCompareRoute(addresses: readonly string[], parse: (search: string) => Route): CompareSides | { kind: 'invalid'; problems: string[] } {
  if (addresses.length !== 2) return { kind: 'invalid', problems: [`a comparison takes two runs ("compare" twice), not ${addresses.length}`] };
  const problems: string[] = [];
  const sides = addresses.map((address, k) => {
    const which = k === 0 ? 'A' : 'B';
    if (address.length > MAX_ADDRESS) return void problems.push(`run ${which}: the address is ${address.length.toLocaleString('en-US')} characters long: at most ${MAX_ADDRESS.toLocaleString('en-US')} are accepted`);
    if (address.trim() === '') return void problems.push(`run ${which}: the address is empty`);
    const route = parse(queryOfAddress(address));
    if (route.kind === 'replay' || (route.kind === 'live' && route.run !== undefined && route.start === undefined)) return route as CompareSide;
    if (route.kind === 'invalid') problems.push(...route.problems.map((p) => `run ${which}: ${p}`));
    else problems.push(`run ${which}: "${shortened(address)}" names no run (a link with dialect, url and run, or a recording)`);
    return undefined;
  });
  const [a, b] = sides;
  if (problems.length > 0 || !a || !b) return { kind: 'invalid', problems };
  return { kind: 'compare', sides: [a, b] };
}

/** A run page's address as a compare link carries it: its query without "?" and without the deep-link focus. */
export function addressOfSearch(search: string): string {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !/^(node|event|compare)=/.test(part))
    .join('&');
}

export function buildCompareSearch(a: string, b: string): string {
  const params = new URLSearchParams();
  params.append('compare', a);
  params.append('compare', b);
  return `?${params.toString()}`;
}
