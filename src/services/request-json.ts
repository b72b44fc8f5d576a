/**
 * One JSON request to a backend, with its failure named the way a person can act on it:
 * CORS (the backend answers but does not allow this origin), unreachable, 401/403, 404,
 * another HTTP status, a reply that is not JSON, or no answer in time.
 *
 * Why a second, `no-cors` request after a network error: a browser reports a blocked
 * cross-origin reply and a dead server as the same TypeError. An opaque `no-cors` request
 * succeeds when something answers at all, which tells the two apart. The token travels
 * only in the Authorization header.
 */
import type { HttpCall } from '@/protocol/run-summary';
import type { ListProblem } from '@/stores/run-list-store';

export type RequestOptions = Readonly<{
  baseUrl: string;
  token?: string;
  signal: AbortSignal;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}>;

export type JsonOutcome = { ok: true; status: number; body: unknown } | { ok: false; problem: ListProblem };

const DEFAULT_TIMEOUT_MS = 10_000;

/** WebSocket dialects (MARS) serve their REST side on the same host over http(s). */
export function httpBaseOf(url: string): string {
  return url.replace(/^ws(s?):\/\//, 'http$1://');
}

export async function requestJson(call: HttpCall, options: RequestOptions): Promise<JsonOutcome> {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const url = new URL(call.path, httpBaseOf(options.baseUrl)).toString();
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = AbortSignal.any([options.signal, timeout]);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetchImpl(url, { method: call.method, headers, signal, ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}) });
  } catch (error) {
    if (options.signal.aborted) throw error;
    if (timeout.aborted) return fail('timeout', `No answer from ${originOf(url)} within ${Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s.`);
    return { ok: false, problem: await networkProblem(url, fetchImpl, options.signal) };
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) return { ok: false, problem: statusProblem(response.status, call, text) };
  try {
    return { ok: true, status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  } catch {
    return fail('unreadable', `${call.method} ${pathOf(call)} answered with something that is not JSON: is this the right protocol?`);
  }
}

async function networkProblem(url: string, fetchImpl: typeof fetch, signal: AbortSignal): Promise<ListProblem> {
  const origin = originOf(url);
  try {
    await fetchImpl(url, { mode: 'no-cors', signal: AbortSignal.any([signal, AbortSignal.timeout(5_000)]) });
    const here = typeof location === 'undefined' ? 'this page' : location.origin;
    return { kind: 'cors', message: `${origin} answers, but does not allow requests from ${here} (CORS). Allow this origin on the backend.` };
  } catch {
    return { kind: 'unreachable', message: `Nothing answers at ${origin}: is the backend running, and is the address right?` };
  }
}

export function statusProblem(status: number, call: HttpCall, text: string): ListProblem {
  const detail = detailOf(text);
  const path = pathOf(call);
  if (status === 401 || status === 403) {
    return { kind: 'unauthorized', status, message: `The backend refused ${path} (HTTP ${status}): give a token in this backend’s settings${detail}.` };
  }
  if (status === 404) return { kind: 'not-found', status, message: `${path} does not exist on this backend (HTTP 404): is the protocol right${detail}?` };
  return { kind: 'http', status, message: `${call.method} ${path} failed with HTTP ${status}${detail}.` };
}

function fail(kind: ListProblem['kind'], message: string): JsonOutcome {
  return { ok: false, problem: { kind, message } };
}

function pathOf(call: HttpCall): string {
  return call.path.split('?')[0] ?? call.path;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** A short reason from a JSON error body (`error`, `detail`, `message`), when there is one. */
function detailOf(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const reason = body.error ?? body.detail ?? body.message;
    return typeof reason === 'string' && reason ? ` — “${reason.slice(0, 160)}”` : '';
  } catch {
    return '';
  }
}
