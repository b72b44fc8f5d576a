/**
 * What the console's buttons do, outside React: test a backend's connection, keep (or
 * edit) a backend, start a run on one. Tokens typed in the form go to memory (or this tab's
 * sessionStorage when asked), never into the kept backend.
 */
import { rememberToken, tokenFor } from '@/app/session/session-registry';
import { buildLiveSearch } from '@/app/url-contract';
import { DIALECT_IDS, type DialectId } from '@/protocol/dialect';
import { loadDialect } from '@/protocol/load-dialect';
import { runListOf } from '@/protocol/run-lists';
import { probeBackend } from '@/services/probe-backend';
import { requestJson } from '@/services/request-json';
import { backendsStore, type KeptBackend } from '@/stores/backends-store';

import type { BackendDraft } from '@/features/console/backend-form';
import type { TestResult } from '@/features/console/backend-row';

type Target = Readonly<{ dialect: string; url: string; session?: string; token?: string }>;

export async function testConnection(target: Target): Promise<TestResult> {
  const entry = runListOf(target.dialect);
  if (!entry) return { ok: false, message: `Unknown protocol “${target.dialect}”.` };
  const token = target.token || tokenFor(target.url);
  const outcome = await probeBackend(
    entry.source,
    { baseUrl: target.url, ...(token ? { token } : {}), ...(target.session ? { session: target.session } : {}) },
    AbortSignal.timeout(15_000),
  );
  return outcome.ok ? { ok: true, message: outcome.message } : { ok: false, message: outcome.problem.message };
}

/** Keeps a new backend, or saves an edited one; returns a reason when it cannot. */
export function saveBackend(draft: BackendDraft, editing?: KeptBackend): string | undefined {
  const dialect = DIALECT_IDS.find((id) => id === draft.dialect);
  if (!dialect) return `Unknown protocol “${draft.dialect}”.`;
  if (draft.token) rememberToken(draft.url, draft.token, draft.rememberToken);
  const { actions } = backendsStore.getState();
  if (editing) {
    actions.update(editing.id, { dialect, url: draft.url, label: draft.label.trim() || editing.label, ...(draft.session.trim() ? { session: draft.session.trim() } : { session: undefined }) });
    return undefined;
  }
  const added = actions.add({ dialect, url: draft.url, label: draft.label, session: draft.session });
  return added.ok ? undefined : added.reason;
}

export type StartOutcome = { ok: true; search: string } | { ok: false; reason: string };

/**
 * Starts a run on a backend, after the person pressed "Start run": through the live
 * session where the protocol's client starts runs (myagent, MARS, AG-UI), or with the
 * protocol's HTTP call (Shannon `POST /api/v1/tasks`), then opens it.
 */
export async function startRunOn(backend: Pick<KeptBackend, 'dialect' | 'url'>, instructions: string): Promise<StartOutcome> {
  const dialect = await loadDialect(backend.dialect);
  const starter = runListOf(backend.dialect)?.starter;
  if (!dialect || !starter) return { ok: false, reason: 'this protocol does not let a client start runs' };
  if (starter.kind === 'session') {
    // The session engine loads with the run it opens, not with the console.
    const { openLiveRun } = await import('@/app/session/open-live-run');
    const opened = openLiveRun({ dialect, url: backend.url, start: instructions });
    return { ok: true, search: opened.search };
  }
  const token = tokenFor(backend.url);
  const outcome = await requestJson(starter.call(instructions), { baseUrl: backend.url, signal: AbortSignal.timeout(20_000), ...(token ? { token } : {}) });
  if (!outcome.ok) return { ok: false, reason: outcome.problem.message };
  const run = starter.runIdOf(outcome.body);
  if (!run) return { ok: false, reason: 'the backend accepted the run but did not say its id' };
  return { ok: true, search: buildLiveSearch({ dialect: dialect.id, url: backend.url, run }) };
}

export function isDialectId(value: string): value is DialectId {
  return (DIALECT_IDS as readonly string[]).includes(value);
}
