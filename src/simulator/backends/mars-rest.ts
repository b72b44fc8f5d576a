/**
 * The simulated MARS REST API a watching client reads, in the real server's shapes
 * (UJ2202/MARS backend/routers/runs.py, sessions.py; /work/notes/upstream.md §22):
 *   GET /api/runs/{id}/dag            {run_id, resolved_run_id, nodes:[{id,label,type,status,agent,stepNumber,…}], edges:[{id,source,target,type}]}
 *   GET /api/runs/{id}/history        {run_id, resolved_run_id, total_events, events:[…]}   (?event_type= filters)
 *   GET /api/runs/{id}/costs          {…, total_cost_usd, total_tokens, total_prompt_tokens, total_completion_tokens, record_count, *_breakdown}
 *   GET /api/runs/{id}/console-log    {run_id, log_path, total_lines, returned_lines, content}   (?tail=n; 404 without a log)
 *   GET /api/sessions                 {sessions:[{session_id,name,mode,status,current_phase,current_step,created_at,updated_at}], total}
 *   GET /api/sessions/{id}/runs       {session_id, total_runs, runs:[{id,mode,agent,model,status,task_description,…,meta:{task_id}}]}
 * `{id}` is the task id or the database's run id. An unknown run answers empty lists (and
 * zero costs), as the real routes do; only the console log answers 404.
 */
import type { ServerResponse } from 'node:http';

import type { MarsRunRecord } from '@/simulator/backends/mars-record';
import { sendJson } from '@/simulator/http-util';

type Records = ReadonlyMap<string, MarsRunRecord>;

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

export function serveMarsRest(records: Records, res: ServerResponse, url: URL): boolean {
  const run = /^\/api\/runs\/([^/]+)\/(dag|history|costs|console-log)$/.exec(url.pathname);
  if (run) {
    const id = decodeURIComponent(run[1] ?? '');
    const record = [...records.values()].find((r) => r.taskId === id || r.dbRunId === id);
    const resolved = record?.dbRunId ?? id;
    const head = { run_id: id, resolved_run_id: resolved };
    if (run[2] === 'dag') sendJson(res, 200, { ...head, ...dagOf(record) });
    else if (run[2] === 'history') sendJson(res, 200, { ...head, ...historyOf(record, url.searchParams.get('event_type')) });
    else if (run[2] === 'costs') sendJson(res, 200, { ...head, ...costsOf(record) });
    else consoleLog(res, id, record, Number(url.searchParams.get('tail') ?? 0));
    return true;
  }
  if (url.pathname === '/api/sessions') return void sendJson(res, 200, sessionsOf(records, Number(url.searchParams.get('limit') ?? 50))), true;
  const runs = /^\/api\/sessions\/([^/]+)\/runs$/.exec(url.pathname);
  if (!runs) return false;
  const sessionId = decodeURIComponent(runs[1] ?? '');
  const members = [...records.values()].filter((r) => r.sessionId === sessionId).sort((a, b) => b.startedAtMs - a.startedAtMs);
  sendJson(res, 200, { session_id: sessionId, total_runs: members.length, runs: members.map(runRow) });
  return true;
}

function dagOf(record: MarsRunRecord | undefined) {
  if (!record) return { nodes: [], edges: [] };
  const nodes = record.nodes.map((n) => ({ id: n.id, label: n.label, type: n.type, status: n.status, agent: n.agent, stepNumber: n.step_number + 1, description: n.description, task: null, summary: null }));
  const edges = record.edges.map((e) => ({ id: `e${e.source}-${e.target}`, source: e.source, target: e.target, type: 'sequential' }));
  return { nodes, edges };
}

function historyOf(record: MarsRunRecord | undefined, eventType: string | null) {
  const rows = (record?.history ?? []).filter((row) => !eventType || row.event_type === eventType);
  const events = rows.map((row) => ({ description: null, meta: null, inputs: null, outputs: null, error_message: null, duration_ms: null, event_subtype: null, node_id: null, agent_name: null, ...row }));
  return { total_events: events.length, events };
}

function costsOf(record: MarsRunRecord | undefined) {
  const rows = record?.costs ?? [];
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const byKey = (key: (r: (typeof rows)[number]) => string) => [...new Set(rows.map(key))].map((k) => rows.filter((r) => key(r) === k));
  return {
    total_cost_usd: Math.round(sum((r) => r.cost) * 1e6) / 1e6,
    total_tokens: sum((r) => r.prompt + r.completion),
    total_prompt_tokens: sum((r) => r.prompt),
    total_completion_tokens: sum((r) => r.completion),
    record_count: rows.length,
    model_breakdown: byKey((r) => r.model).map((g) => ({ model: g[0]?.model, ...tally(g), call_count: g.length })),
    agent_breakdown: byKey((r) => r.agent).map((g) => ({ agent: g[0]?.agent, model: g[0]?.model, cost: g.reduce((t, r) => t + r.cost, 0), call_count: g.length })),
    step_breakdown: byKey((r) => r.stepId).map((g) => ({ step_id: g[0]?.stepId, cost: g.reduce((t, r) => t + r.cost, 0), tokens: g.reduce((t, r) => t + r.prompt + r.completion, 0) })),
  };
}

function tally(rows: readonly MarsRunRecord['costs'][number][]) {
  const prompt = rows.reduce((t, r) => t + r.prompt, 0);
  const completion = rows.reduce((t, r) => t + r.completion, 0);
  return { cost: rows.reduce((t, r) => t + r.cost, 0), tokens: prompt + completion, prompt_tokens: prompt, completion_tokens: completion };
}

function consoleLog(res: ServerResponse, id: string, record: MarsRunRecord | undefined, tail: number) {
  if (!record) return sendJson(res, 404, { detail: `Console log not found for run ${id}` });
  const all = record.consoleLines;
  const lines = tail > 0 ? all.slice(-tail) : all;
  sendJson(res, 200, { run_id: id, log_path: `/mars/sessions/${record.sessionId}/tasks/${record.taskId}/logs/console_output.log`, total_lines: all.length, returned_lines: lines.length, content: lines.join('\n') });
}

const SESSION_STATUS: Record<MarsRunRecord['status'], string> = { executing: 'active', paused: 'active', cancelled: 'active', completed: 'completed', failed: 'suspended' };

function sessionsOf(records: Records, limit: number) {
  const newest = [...records.values()].sort((a, b) => (b.completedAtMs ?? b.startedAtMs) - (a.completedAtMs ?? a.startedAtMs)).slice(0, Math.max(1, Math.min(200, limit)));
  const sessions = newest.map((r) => ({ session_id: r.sessionId, name: r.sessionName, mode: r.mode, status: SESSION_STATUS[r.status], current_phase: null, current_step: null, created_at: iso(r.startedAtMs), updated_at: iso(r.completedAtMs ?? r.startedAtMs) }));
  return { sessions, total: sessions.length };
}

function runRow(r: MarsRunRecord) {
  return { id: r.dbRunId, mode: r.mode, agent: 'engineer', model: 'gpt-4o', status: r.status, task_description: r.task, started_at: iso(r.startedAtMs), completed_at: iso(r.completedAtMs), is_branch: false, meta: { mode: r.mode, task_id: r.taskId } };
}
