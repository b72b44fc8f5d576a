/**
 * Checks the backend URL typed into the connect form before anything is opened, and
 * offers the fix: "localhost:8787" has no scheme, and a browser reads it as the scheme
 * "localhost:" (or as a path), which led to an error page. Pure; guarded by
 * check-backend-url.test.ts.
 */
import { tooLong } from '@/lib/input-bounds';

export type UrlCheck =
  | Readonly<{ ok: true }>
  | Readonly<{ ok: false; problem: string; fix?: string }>;

/** `hint` is the dialect's example ("ws://host:port", "http://host:port"): its scheme is the one offered. */
export function checkBackendUrl(value: string, hint: string): UrlCheck {
  const url = value.trim();
  if (url === '') return { ok: false, problem: 'Enter the backend’s address.' };
  const long = tooLong('url', url);
  if (long) return { ok: false, problem: long };
  const scheme = hint.match(/^([a-z]+):\/\//i)?.[1]?.toLowerCase() ?? 'http';
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
  if (!hasScheme) {
    const fix = `${scheme}://${url.replace(/^\/+/, '')}`;
    // Spaces never belong in an address (some URL parsers still accept them in a host).
    return isParsable(fix) && !/\s/.test(url)
      ? { ok: false, problem: `“${url}” has no scheme: the address must start with ${scheme}://.`, fix }
      : { ok: false, problem: `“${url}” is not an address (expected something like ${hint}).` };
  }
  if (!isParsable(url)) return { ok: false, problem: `“${url}” is not an address (expected something like ${hint}).` };
  return { ok: true };
}

function isParsable(url: string): boolean {
  try {
    return new URL(url).host !== '';
  } catch {
    return false;
  }
}
