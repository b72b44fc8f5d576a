/**
 * One line of text per canonical event, for timeline rows and search.
 * Pure and exhaustive over `RunEvent['type']` (adding an event type fails to compile
 * until it has a summary). Guarded by summarize-event.test.ts.
 */
import { formatMoney } from '@/lib/format-money';
import { isTokensOnly } from '@/lib/is-tokens-only';
import { STREAMED_TEXT_LABEL } from '@/lib/streamed-text-label';
import type { ErrorInfo, RunEvent, RunEventOf } from '@/protocol/run-event';

const MAX_CHARS = 160;

/** `decider`: who to name for a decided gate (our own answers by the one rule, reviewer-store.ts); by default the event's word. */
export function summarizeEvent(event: RunEvent, decider?: string): string {
  return oneLine(describe(event, decider));
}

/** Marked text says what it is first: "Preview: …", "Partial preview (text lost): …", "Whole answer: …". */
function streamedText(e: RunEventOf<'node.output'>): string {
  if (e.text === undefined) return e.delta;
  const label = STREAMED_TEXT_LABEL[e.text];
  const head = `${label.charAt(0).toUpperCase()}${label.slice(1)}${e.text === 'partial' ? ' (some streamed text was lost)' : ''}`;
  return e.delta === '' ? head : `${head}: ${e.delta}`;
}

function describe(e: RunEvent, decider?: string): string {
  switch (e.type) {
    case 'run.started': return `Run started${e.title ? `: ${e.title}` : ''}`;
    case 'run.paused': return `Run paused${e.reason ? `: ${e.reason}` : ''}`;
    case 'run.resumed': return 'Run resumed';
    case 'run.completed': return `Run completed${e.durationMs !== undefined ? ` in ${formatDuration(e.durationMs)}` : ''}${e.totalCost ? `, total ${formatMoney(e.totalCost.micros, e.totalCost.currency)}` : ''}`;
    case 'run.failed': return `Run failed: ${errorText(e.error)}`;
    case 'run.cancelled': return `Run cancelled${e.reason ? `: ${e.reason}` : ''}`;
    case 'run.unknown': return `No such run: ${e.reason}`;
    case 'graph.defined': return `Graph ${e.replace ? 'replaced' : 'defined'}: ${count(e.nodes.length, 'node')}, ${count(e.edges.length, 'edge')}`;
    case 'node.started': return `Started${e.label ? ` ${e.label}` : ''}${e.attempt && e.attempt > 1 ? ` (attempt ${e.attempt})` : ''}`;
    case 'node.progress': return `Progress${e.progress !== undefined ? ` ${Math.round(e.progress * 100)}%` : ''}${e.message ? `: ${e.message}` : ''}`;
    case 'node.output': return streamedText(e);
    case 'node.completed': return `Completed${e.durationMs !== undefined ? ` in ${formatDuration(e.durationMs)}` : ''}${e.output !== undefined ? `: ${preview(e.output)}` : ''}`;
    case 'node.failed': return `Failed: ${errorText(e.error)}`;
    case 'node.retrying': return `Attempt ${e.attempt} failed, retrying${e.delayMs !== undefined ? ` in ${formatDuration(e.delayMs)}` : ''}${e.error ? `: ${errorText(e.error)}` : ''}`;
    case 'node.skipped': return `Not run${e.reason ? `: ${e.reason}` : ''}`;
    case 'node.cancelled': return `Cancelled${e.reason ? `: ${e.reason}` : ''}`;
    case 'node.status': return `Status ${e.status}${e.error ? `: ${errorText(e.error)}` : ''}`;
    case 'tool.called': return `Called ${e.tool}${e.args !== undefined ? ` ${preview(e.args)}` : ''}`;
    case 'tool.result': return `${e.tool} ${e.ok ? 'returned' : 'failed'}${e.result !== undefined ? `: ${preview(e.result)}` : ''}`;
    case 'cost.recorded': return `${isTokensOnly(e) ? 'No cost reported' : formatMoney(e.micros, e.currency)}${e.model ? ` on ${e.model}` : ''}${tokens(e.inputTokens, e.outputTokens)}`;
    case 'llm.text': return `${LLM_TEXT_LABEL[e.role]}${e.model ? ` (${e.model})` : ''}: ${preview(e.text)}`;
    case 'gate.opened': return `${capitalize(e.kind)} requested: ${e.message}`;
    case 'gate.resolved': return `Gate ${e.cause === 'timeout' ? 'timed out' : e.cause === 'cancelled' ? 'cancelled' : 'decided'}: ${e.decision}${e.payload !== undefined ? ` with ${preview(e.payload)}` : ''}${(decider ?? e.decidedBy) ? ` by ${decider ?? e.decidedBy}` : ''}`;
    case 'chapter.started': return `Chapter: ${e.title}`;
    case 'chapter.completed': return `Chapter ${e.chapterId} ${e.status ?? 'completed'}`;
    case 'state.snapshot': return `State snapshot${stateKeys(e.state)}`;
    case 'state.delta': return `State changed: ${e.ops.slice(0, 4).map((op) => `${op.op} ${op.path}`).join(', ')}${e.ops.length > 4 ? `, … (${e.ops.length} ops)` : ''}`;
    case 'log': return e.message;
    case 'metric': return `${e.name} = ${e.value}${e.unit ? ` ${e.unit}` : ''}`;
    case 'raw': return `${e.unknown ? 'Unknown frame' : 'Frame'} ${e.frameType}${e.summary ? `: ${e.summary}` : ''}`;
  }
}

const LLM_TEXT_LABEL = { prompt: 'Prompt', reasoning: 'Reasoning', response: 'Model response' } as const;

export function errorText(error: ErrorInfo): string {
  return error.code ? `${error.code}: ${error.message}` : error.message;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A short JSON-ish preview of a payload; secrets are never shown (the caller's text is one line). */
function preview(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isSecret(value)) return '[redacted secret]';
  try {
    const text = JSON.stringify(value, (_k, v: unknown) => (isSecret(v) ? '[redacted secret]' : v));
    return text ?? String(value);
  } catch {
    return String(value);
  }
}

function isSecret(v: unknown): boolean {
  return typeof v === 'object' && v !== null && (v as { secret?: unknown }).secret === true;
}

function tokens(input: number | undefined, output: number | undefined): string {
  if (input === undefined && output === undefined) return '';
  return ` (${input ?? 0} in / ${output ?? 0} out tokens)`;
}

function stateKeys(state: unknown): string {
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return `: ${preview(state)}`;
  const keys = Object.keys(state);
  return keys.length === 0 ? ': empty' : `: ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`;
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_CHARS ? `${flat.slice(0, MAX_CHARS - 1)}…` : flat;
}
