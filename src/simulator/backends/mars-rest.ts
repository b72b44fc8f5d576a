/**
 * The simulated MARS REST API a watching client reads, in the real server's shapes
 * (UJ2202/MARS backend/routers/runs.py; tests/fixtures/mars/rest-replies.json), read back from the
 * run's own frames (mars-rest-fold.ts), so the runs the simulator seeds have one too:
 *   GET /api/runs/{id}/dag            {run_id, resolved_run_id, nodes:[{id,label,type,status,agent,stepNumber,…}], edges:[{id,source,target,type}]}
 *   GET /api/runs/{id}/history        {run_id, resolved_run_id, total_events, events:[…]}   (?event_type= filters)
 *   GET /api/runs/{id}/costs          {…, total_cost_usd, total_tokens, total_prompt_tokens, total_completion_tokens, record_count, *_breakdown}
 *   GET /api/runs/{id}/console-log    {run_id, log_path, total_lines, returned_lines, content}   (?tail=n; 404 without a log)
 * `{id}` is the task id or the database's run id (`db-<task id>`). An unknown run answers
 * empty lists and zero costs, as the real routes do; only the console log answers 404.
 * The sessions and their run lists are the simulated run lists' (run-lists/mars-list-route.ts).
 */
import type { ServerResponse } from 'node:http';

import type { MarsWire } from '@/simulator/backends/mars-frames';
import { foldMarsRun, type MarsCostRow, type MarsRestView } from '@/simulator/backends/mars-rest-fold';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { sendJson } from '@/simulator/http-util';

export function serveMarsRest(runs: () => readonly ScriptedRun<unknown>[], res: ServerResponse, url: URL): boolean {
  const match = /^\/api\/runs\/([^/]+)\/(dag|history|costs|console-log)$/.exec(url.pathname);
  if (!match) return false;
  const id = decodeURIComponent(match[1] ?? '');
  const run = runs().find((r) => r.runId === id || `db-${r.runId}` === id);
  const view = run ? foldMarsRun(run.history as MarsWire[]) : undefined;
  const head = { run_id: id, resolved_run_id: run ? `db-${run.runId}` : id };
  if (match[2] === 'dag') sendJson(res, 200, { ...head, ...dagOf(view) });
  else if (match[2] === 'history') sendJson(res, 200, { ...head, ...historyOf(view, url.searchParams.get('event_type')) });
  else if (match[2] === 'costs') sendJson(res, 200, { ...head, ...costsOf(view?.costs ?? []) });
  else consoleLog(res, id, view, Number(url.searchParams.get('tail') ?? 0));
  return true;
}

function dagOf(view: MarsRestView | undefined) {
  if (!view) return { nodes: [], edges: [] };
  const nodes = view.nodes.map((n) => ({ id: n.id, label: n.label, type: n.type, status: n.status, agent: n.agent, stepNumber: Number(n.step_number) + 1, description: n.description, task: null, summary: null }));
  const edges = view.edges.map((e) => ({ id: `e${e.source}-${e.target}`, source: e.source, target: e.target, type: 'sequential' }));
  return { nodes, edges };
}

function historyOf(view: MarsRestView | undefined, eventType: string | null) {
  const rows = (view?.rows ?? []).filter((row) => !eventType || row.event_type === eventType);
  const events = rows.map((row) => ({ description: null, meta: null, inputs: null, outputs: null, error_message: null, duration_ms: null, event_subtype: null, node_id: null, agent_name: null, ...row }));
  return { total_events: events.length, events };
}

function tally(rows: readonly MarsCostRow[]) {
  const prompt = rows.reduce((t, r) => t + r.prompt, 0);
  const completion = rows.reduce((t, r) => t + r.completion, 0);
  return { cost: rows.reduce((t, r) => t + r.cost, 0), tokens: prompt + completion, prompt_tokens: prompt, completion_tokens: completion, call_count: rows.length };
}

function costsOf(rows: readonly MarsCostRow[]) {
  const groups = (key: (r: MarsCostRow) => string) => [...new Set(rows.map(key))].map((k) => rows.filter((r) => key(r) === k));
  const total = tally(rows);
  return {
    total_cost_usd: Math.round(total.cost * 1e6) / 1e6,
    total_tokens: total.tokens,
    total_prompt_tokens: total.prompt_tokens,
    total_completion_tokens: total.completion_tokens,
    record_count: rows.length,
    model_breakdown: groups((r) => r.model).map((g) => ({ model: g[0]?.model, ...tally(g) })),
    agent_breakdown: groups((r) => r.agent).map((g) => ({ agent: g[0]?.agent, model: g[0]?.model, ...tally(g) })),
    step_breakdown: groups((r) => r.stepId).map((g) => ({ step_id: g[0]?.stepId, ...tally(g) })),
  };
}

function consoleLog(res: ServerResponse, id: string, view: MarsRestView | undefined, tail: number) {
  if (!view || view.lines.length === 0) return sendJson(res, 404, { detail: `Console log not found for run ${id}` });
  const lines = tail > 0 ? view.lines.slice(-tail) : view.lines;
  sendJson(res, 200, { run_id: id, log_path: `/mars/sessions/tasks/${id}/logs/console_output.log`, total_lines: view.lines.length, returned_lines: lines.length, content: lines.join('\n') });
}
