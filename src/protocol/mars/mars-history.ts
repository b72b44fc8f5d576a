/**
 * What the agents did — messages, tool calls, code runs — from the socket, and while
 * watching from `GET /api/runs/{id}/history` (database rows in execution order; no paging).
 * The server files both from one callback, under the node that was running (the first
 * running one in DAG order), so both are read the same way:
 *   message      agent_message {agent, message}      ·  agent_call/message {inputs.message, outputs.full_content}
 *   tool call    tool_call {tool_name, arguments, result}  ·  tool_call {inputs.tool, inputs.args, outputs.result}
 *   code run     code_execution {code, language, result}   ·  code_exec {inputs.code, inputs.language, outputs.result}
 * History rows apply once each, by id; `agent_call/execution` rows only mirror node
 * transitions (the DAG says those) and are read for a failure's message. A starter that lost
 * its socket skips the rows its socket already showed (mars-recent.ts).
 */
import type { RunEvent } from '@/protocol/run-event';
import type { MarsHistoryRow } from '@/protocol/mars/mars-rest-schemas';
import { noteRecent, seenRecently } from '@/protocol/mars/mars-recent';
import { atCurrentNode, type MarsState } from '@/protocol/mars/mars-state';
import { marsTimeMs } from '@/protocol/mars/mars-time';

const SIGNATURE_CHARS = 200;
const str = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));
const clip = (value: unknown) => str(value).slice(0, SIGNATURE_CHARS);

export type Activity =
  | { kind: 'message'; agent: string; text: string }
  | { kind: 'tool'; agent: string; tool: string; args: unknown; result: unknown; ok: boolean }
  | { kind: 'code'; agent: string; code: string; language: string; result: unknown; ok: boolean };

function signature(a: Activity): string {
  if (a.kind === 'message') return `message|${a.agent}|${clip(a.text)}`;
  if (a.kind === 'tool') return `tool|${a.tool}|${clip(a.result)}`;
  return `code|${clip(a.code)}`;
}

/** An activity read from the socket: its events, remembered in case the socket drops. */
export function socketActivity(s: MarsState, a: Activity, atMs: number | undefined, nodeId?: string): RunEvent[] {
  if (!s.watching) noteRecent(s.recentItems, signature(a), atMs);
  return activityEvents(s, a, nodeId);
}

function activityEvents(s: MarsState, a: Activity, nodeId: string | undefined): RunEvent[] {
  const at = nodeId !== undefined ? { nodeId } : atCurrentNode(s);
  if (a.kind === 'message') {
    if (at.nodeId !== undefined) return [{ type: 'node.output', nodeId: at.nodeId, delta: a.text }];
    return [{ type: 'log', level: 'info', source: a.agent || 'agent', message: a.text }];
  }
  const tool = a.kind === 'tool' ? a.tool : `code (${a.language || 'python'})`;
  const args = a.kind === 'tool' ? a.args : { language: a.language, code: a.code };
  const events: RunEvent[] = [{ type: 'tool.called', tool, ...(args !== undefined ? { args } : {}), ...at }];
  if (a.result !== undefined && a.result !== null) events.push({ type: 'tool.result', tool, ok: a.ok, result: a.result, ...at });
  return events;
}

/**
 * The node a row is filed under: an execution row names it in `inputs.node_info.id` (its
 * node_id is the database's hash) and says how the node stands; read again when the row is
 * updated in place (same id), so the last word on a node wins.
 */
function noteNode(s: MarsState, row: MarsHistoryRow): void {
  const info = row.inputs?.node_info;
  const id = typeof info === 'object' && info !== null ? (info as { id?: unknown }).id : undefined;
  if (typeof id === 'string') s.ranNodes.set(id, row.status ?? undefined);
  else if (row.node_id && !s.ranNodes.has(row.node_id)) s.ranNodes.set(row.node_id, undefined);
}

/** Upstream's own rule for a code run: it failed when its result mentions an error. */
export const codeOk = (result: unknown) => Boolean(result) && !str(result).toLowerCase().includes('error');

/**
 * New rows in order. A row filed under a node the DAG has not shown this session yet (the
 * DAG was read a moment before the history) waits, with every row after it, for the next
 * poll — once; then it goes to the node the session would pick itself.
 */
export function readHistory(s: MarsState, rows: readonly MarsHistoryRow[]): { events: RunEvent[]; complete: boolean } {
  const events: RunEvent[] = [];
  for (const row of rows) {
    const key = String(row.id);
    noteNode(s, row);
    if (s.historySeen.has(key)) continue;
    const activity = activityOf(row);
    const named = activity !== undefined && row.node_id ? row.node_id : undefined;
    if (named !== undefined && !s.view.has(named) && !s.historyWaited.has(key)) {
      s.historyWaited.add(key);
      return { events, complete: false };
    }
    s.historySeen.add(key);
    if (activity === undefined) {
      if (row.error_message) s.lastError = row.error_message;
      continue;
    }
    if (seenRecently(s.recentItems, signature(activity), marsTimeMs(row.timestamp))) continue;
    events.push(...activityEvents(s, activity, named !== undefined && s.view.has(named) ? named : undefined));
  }
  return { events, complete: true };
}

function activityOf(row: MarsHistoryRow): Activity | undefined {
  const inputs = row.inputs ?? {};
  const outputs = row.outputs ?? {};
  const agent = row.agent_name ?? '';
  const ok = row.status !== 'failed';
  if (row.event_type === 'agent_call' && row.event_subtype === 'message') return { kind: 'message', agent, text: str(outputs.full_content ?? inputs.message ?? row.description) };
  if (row.event_type === 'tool_call') return { kind: 'tool', agent, tool: str(row.meta?.tool_name ?? inputs.tool) || 'tool', args: inputs.args, result: outputs.result, ok };
  if (row.event_type === 'code_exec') return { kind: 'code', agent, code: str(inputs.code), language: str(inputs.language), result: outputs.result, ok };
  return undefined;
}
