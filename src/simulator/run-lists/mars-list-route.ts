/**
 * MARS's sessions and runs, in the shapes of UJ2202/MARS backend/routers/sessions.py:
 *   GET /api/sessions?limit=           →  {sessions: [{session_id, name, mode, status, current_phase,
 *                                          current_step, created_at, updated_at}], total}
 *   GET /api/sessions/{id}/runs        →  {session_id, total_runs, runs: [{id, mode, agent, model, status,
 *                                          task_description, started_at, completed_at, is_branch, meta: {task_id}}]}
 *                                          (`id` is a database id; the socket takes `meta.task_id`)
 * Seeded runs live in the "demo" session; runs a browser started, in "runboard".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { marsModeOf } from '@/simulator/backends/mars-mode-script';
import { sendJson } from '@/simulator/http-util';
import { isoOrNull, newestRuns, stateOf, type SimRunState } from '@/simulator/run-lists/run-state';
import type { SimContext } from '@/simulator/sim-backend';

/** A run waiting for an approval stays "executing": the websocket approval manager never changes the run's status. */
const STATUS: Record<SimRunState, string> = {
  running: 'executing',
  waiting: 'executing',
  paused: 'paused',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

const SESSION_NAMES: Record<string, string> = { demo: 'Demo workspace', runboard: 'Started from Runboard' };

/** The session a simulated MARS run belongs to (the MARS backend names it in its `status` frame too). */
export const marsSessionOf = (run: Pick<ScriptedRun<unknown>, 'group'>) => run.group ?? 'runboard';
const sessionOf = marsSessionOf;

export function marsListRoute(ctx: SimContext) {
  return (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    if (req.method !== 'GET') return false;
    if (url.pathname === '/api/sessions') {
      sendJson(res, 200, sessions(ctx.runsOf('mars')));
      return true;
    }
    // The real router sets redirect_slashes=False (backend/routers/sessions.py:23): a trailing slash is no route.
    if (url.pathname === '/api/sessions/') {
      sendJson(res, 404, { detail: 'Not Found' });
      return true;
    }
    const match = /^\/api\/sessions\/([^/]+)\/runs$/.exec(url.pathname);
    if (!match) return false;
    const sessionId = decodeURIComponent(match[1] ?? '');
    const runs = newestRuns(ctx.runsOf('mars')).filter((run) => sessionOf(run) === sessionId);
    sendJson(res, 200, { session_id: sessionId, total_runs: runs.length, runs: runs.map(toRow) });
    return true;
  };
}

function sessions(runs: readonly ScriptedRun<unknown>[]) {
  const byId = new Map<string, ScriptedRun<unknown>[]>();
  for (const run of newestRuns(runs)) byId.set(sessionOf(run), [...(byId.get(sessionOf(run)) ?? []), run]);
  const list = [...byId.entries()].map(([id, members]) => ({
    session_id: id,
    name: SESSION_NAMES[id] ?? id,
    mode: members[0] ? marsModeOf(members[0]) : 'one-shot',
    status: members.some((run) => !run.outcome) ? 'active' : 'completed',
    current_phase: null,
    current_step: null,
    created_at: isoOrNull(Math.min(...members.map((run) => run.startedAtMs))),
    updated_at: isoOrNull(Math.max(...members.map((run) => run.endedAtMs ?? run.startedAtMs))),
  }));
  return { sessions: list, total: list.length };
}

function toRow(run: ScriptedRun<unknown>) {
  return {
    id: `db-${run.runId}`,
    mode: marsModeOf(run),
    agent: 'engineer',
    model: 'gpt-4o-mini',
    status: STATUS[stateOf(run)],
    task_description: run.title ?? run.scenario.title,
    started_at: isoOrNull(run.startedAtMs),
    completed_at: isoOrNull(run.endedAtMs),
    is_branch: false,
    meta: { task_id: run.runId },
  };
}
