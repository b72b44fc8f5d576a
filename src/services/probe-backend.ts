/**
 * "Test connection": asks a backend something harmless and says what happened, in words.
 * Listable backends are asked for one run; myagent gets a WebSocket opened and closed
 * before anything is sent (no session, so nothing is cancelled); an AG-UI endpoint gets a
 * GET, which any live endpoint answers (usually 405: it takes POST only) without starting
 * a run. Nothing here has a side effect on the backend.
 */
import type { RunListSource } from '@/protocol/run-summary';
import type { ListProblem } from '@/stores/run-list-store';

import { fetchRunList, type ListTarget } from '@/services/fetch-run-list';
import { requestJson } from '@/services/request-json';

export type ProbeOutcome = { ok: true; message: string } | { ok: false; problem: ListProblem };

export async function probeBackend(source: RunListSource, target: ListTarget, signal: AbortSignal): Promise<ProbeOutcome> {
  if (source.kind === 'local') return source.probe === 'websocket' ? probeWebSocket(target.baseUrl, signal) : probeHttpGet(target, signal);
  const outcome = await fetchRunList(source, { limit: 1 }, { ...target, timeoutMs: target.timeoutMs ?? 8_000 }, signal);
  if (!outcome.ok) return outcome;
  const { total, runs } = outcome.page;
  const count = total !== undefined ? `${total} run${total === 1 ? '' : 's'}` : runs.length > 0 ? 'runs' : 'no runs yet';
  return { ok: true, message: `Connected: the run list answers (${count}).` };
}

async function probeHttpGet(target: ListTarget, signal: AbortSignal): Promise<ProbeOutcome> {
  const outcome = await requestJson({ method: 'GET', path: target.baseUrl }, { baseUrl: target.baseUrl, signal, timeoutMs: 8_000, ...(target.token ? { token: target.token } : {}), ...(target.fetchImpl ? { fetchImpl: target.fetchImpl } : {}) });
  if (outcome.ok) return { ok: true, message: `Connected: the endpoint answers (HTTP ${outcome.status}).` };
  const { problem } = outcome;
  // Any HTTP answer but a refusal proves the endpoint is there and readable from this page.
  if (problem.kind === 'http' || problem.kind === 'not-found' || problem.kind === 'unreadable') {
    return { ok: true, message: `Connected: the endpoint answers${problem.status ? ` (HTTP ${problem.status} to a GET; AG-UI runs are POSTed)` : ''}.` };
  }
  return outcome;
}

function probeWebSocket(url: string, signal: AbortSignal): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch (error) {
      return resolve({ ok: false, problem: { kind: 'unreachable', message: `Not a WebSocket address: ${String(error)}` } });
    }
    const done = (outcome: ProbeOutcome) => {
      clearTimeout(timer);
      socket.onopen = socket.onerror = socket.onclose = null;
      socket.close();
      resolve(outcome);
    };
    const timer = setTimeout(() => done({ ok: false, problem: { kind: 'timeout', message: `${url} did not accept a WebSocket within 8 s.` } }), 8_000);
    signal.addEventListener('abort', () => done({ ok: false, problem: { kind: 'timeout', message: 'stopped' } }), { once: true });
    socket.onopen = () => done({ ok: true, message: 'Connected: the WebSocket opens (and was closed again before anything was sent).' });
    const refused = () =>
      done({ ok: false, problem: { kind: 'unreachable', message: `Could not open a WebSocket to ${url}: the backend is down, the address is wrong, or it refused the connection.` } });
    socket.onerror = refused;
    socket.onclose = refused;
  });
}
