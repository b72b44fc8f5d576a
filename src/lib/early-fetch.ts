/**
 * A request started before the code that reads its answer has loaded, handed to that code
 * once. Why: a `?replay=` link's recording was asked for only after the replay page's code
 * had loaded and drawn — measured in Chromium on a 100k-frame recording
 * (bench/replay-browser-ab.ts), 1.1 s after navigation, the entry and then fifty chunks
 * later — so the bytes travelled while nothing else did. Started from the entry (main.tsx),
 * the download overlaps the loading of that code.
 *
 * The body is read as it arrives, not when the page gets to it (lib/buffered-body.ts): a
 * body nobody reads stops at the socket's buffers, so the download used to wait for the
 * page's code after all. In Chromium (100k frames, 28 MB), its last byte came 0.4–0.9 s
 * after the page asked for it, where the whole transfer takes 0.1 s. The taker gets the
 * answer as soon as its headers are here, and reads what came so far, then the rest.
 *
 * Only http(s) addresses are fetched early (a recording opened from disk is in memory and
 * named `file:…`). Whoever takes the answer checks it exactly as one it fetched itself.
 */
import { bufferedBody } from '@/lib/buffered-body';

const started = new Map<string, Promise<Response>>();

/** Starts fetching `address` (relative to the page) unless it is not http(s); `onFirstBytes` sees the body's first chunk. */
export function fetchEarly(address: string, onFirstBytes?: (bytes: Uint8Array) => void): void {
  let url: URL;
  try {
    url = new URL(address, globalThis.location?.href);
  } catch {
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
  const response = fetch(url).then((answer) => buffered(answer, onFirstBytes));
  // Nobody may take it (the page moved on): a failure is then nobody's to report.
  response.catch(() => undefined);
  started.set(address, response);
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** The same answer (status and headers kept, so the taker checks it as any other), its body read as it arrives. */
function buffered(response: Response, onFirstBytes: ((bytes: Uint8Array) => void) | undefined): Response {
  // 204 and 304 may not carry a body, even an empty one.
  if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
  const firstOfGood = response.ok && onFirstBytes ? onFirstBytes : undefined;
  return new Response(bufferedBody(response.body, firstOfGood), { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The first chunk of a response's body, read from a copy of it (the response itself stays unread); undefined when there is none. */
export async function firstBytes(response: Response): Promise<Uint8Array | undefined> {
  if (!response.ok || !response.body) return undefined;
  const reader = response.clone().body?.getReader();
  try {
    return (await reader?.read())?.value;
  } catch {
    return undefined;
  } finally {
    reader?.cancel().catch(() => undefined);
  }
}

/** The early answer for `address`, once: a second open (or a reload) fetches again. */
export function takeEarlyFetch(address: string): Promise<Response> | undefined {
  const response = started.get(address);
  started.delete(address);
  return response;
}
