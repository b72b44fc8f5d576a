/**
 * Everything the details panel lists about one node, from its log rows (in order):
 * output, streamed text, tool calls paired with results, logs, errors, retries, gate
 * audit entries and the raw frames behind the rows. Pure; guarded by
 * derive-node-details.test.ts. Streamed text is bounded (the tail is kept).
 */
import type { ErrorInfo, GateKind, LogLevel, RunEvent, StreamedText } from '@/protocol/run-event';

import type { EventLog } from '@/stores/event-log';

export const MAX_TEXT_CHARS = 50_000;

export type ToolCall = {
  row: number;
  tool: string;
  callId?: string | undefined;
  args?: unknown;
  result?: unknown;
  ok?: boolean | undefined;
  durationMs?: number | undefined;
  /** False while the call has no result yet. */
  done: boolean;
};

export type NodeError = Readonly<{ row: number; type: RunEvent['type']; error: ErrorInfo; attempt?: number | undefined }>;
export type NodeRetry = Readonly<{ row: number; attempt: number; delayMs?: number | undefined; error?: ErrorInfo | undefined }>;
export type NodeLog = Readonly<{ row: number; level: LogLevel; message: string; atMs?: number | undefined }>;
export type GateAudit = Readonly<{
  row: number;
  gateId: string;
  action: 'opened' | 'resolved';
  /** What was asked, or what was decided. */
  what: string;
  /** Who asked (requester) or who decided. */
  who?: string | undefined;
  kind?: GateKind | undefined;
  cause?: string | undefined;
  atMs?: number | undefined;
}>;

export type NodeDetailsData = {
  inputs?: unknown;
  output?: unknown;
  hasOutput: boolean;
  text: string;
  textTruncated: boolean;
  /** What the streamed text is when the producer marks it (node.output `text`): a preview, one with holes, or the whole text. */
  textKind?: StreamedText | undefined;

  toolCalls: ToolCall[];
  logs: NodeLog[];
  errors: NodeError[];
  retries: NodeRetry[];
  gates: GateAudit[];
  frames: { row: number; frame: number }[];
};

export function deriveNodeDetails(log: EventLog, rows: readonly number[]): NodeDetailsData {
  const d: NodeDetailsData = { hasOutput: false, text: '', textTruncated: false, toolCalls: [], logs: [], errors: [], retries: [], gates: [], frames: [] };
  let chunks: string[] = [];
  for (const row of rows) {
    const event = log.at(row)?.event;
    if (!event) continue;
    if (event.frame !== undefined) d.frames.push({ row, frame: event.frame });
    if (event.type !== 'node.output') collect(d, event, row);
    else if (event.text === 'whole') chunks = [event.delta];
    else chunks.push(event.delta);
    if (event.type === 'node.output') markText(d, event.text);
  }
  const text = chunks.join('');
  d.textTruncated = text.length > MAX_TEXT_CHARS;
  d.text = d.textTruncated ? text.slice(-MAX_TEXT_CHARS) : text;
  return d;
}

/** A preview stays partial once a hole is known; a whole text (or a row the log merged one into, event-log.ts) reads as whole. */
function markText(d: NodeDetailsData, text: StreamedText | undefined): void {
  if (text === undefined) return;
  d.textKind = text === 'preview' && d.textKind === 'partial' ? 'partial' : text;
}

function collect(d: NodeDetailsData, e: RunEvent, row: number): void {
  switch (e.type) {
    case 'node.started':
      if ('inputs' in e) d.inputs = (e as { inputs?: unknown }).inputs;
      return;
    case 'node.completed':
      d.hasOutput = e.output !== undefined || d.hasOutput;
      if (e.output !== undefined) d.output = e.output;
      return;
    case 'node.failed':
    case 'run.failed':
      d.errors.push({ row, type: e.type, error: e.error, attempt: e.type === 'node.failed' ? e.attempt : undefined });
      return;
    case 'node.status':
      if (e.error) d.errors.push({ row, type: e.type, error: e.error });
      return;
    case 'node.retrying':
      d.retries.push({ row, attempt: e.attempt, delayMs: e.delayMs, error: e.error });
      if (e.error) d.errors.push({ row, type: e.type, error: e.error, attempt: e.attempt });
      return;
    case 'tool.called':
      d.toolCalls.push({ row, tool: e.tool, callId: e.callId, args: e.args, done: false });
      return;
    case 'tool.result':
      pairResult(d.toolCalls, e, row);
      return;
    case 'log':
      d.logs.push({ row, level: e.level, message: e.message, atMs: e.atMs });
      return;
    case 'gate.opened':
      d.gates.push({ row, gateId: e.gateId, action: 'opened', what: e.message, who: e.requester, kind: e.kind, atMs: e.atMs });
      return;
    case 'gate.resolved':
      d.gates.push({ row, gateId: e.gateId, action: 'resolved', what: e.decision, who: e.decidedBy, cause: e.cause, atMs: e.atMs });
      return;
    default:
      return;
  }
}

/** Pairs by call id when both sides have one, else with the oldest open call of the same tool. */
function pairResult(calls: ToolCall[], e: Extract<RunEvent, { type: 'tool.result' }>, row: number): void {
  const open = calls.filter((c) => !c.done);
  const match = (e.callId !== undefined ? open.find((c) => c.callId === e.callId) : undefined) ?? open.find((c) => c.tool === e.tool && (e.callId === undefined || c.callId === undefined));
  const target = match ?? { row, tool: e.tool, callId: e.callId, done: false };
  if (!match) calls.push(target); // a result whose call we never saw still shows
  target.result = e.result;
  target.ok = e.ok;
  target.durationMs = e.durationMs;
  target.done = true;
}
