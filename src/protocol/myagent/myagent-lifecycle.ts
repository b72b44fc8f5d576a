/**
 * The run's life in myagent terms: run start, Runboard's chapter mapping, open plan
 * confirmations, the single terminal event, and the session events' log rows. Used by
 * myagent-events.ts, which owns the mapping.
 */
import { decimalToMicros } from '@/lib/to-micros';
import { clip, contentObject } from '@/protocol/myagent/myagent-content';
import type { MyagentEventOf } from '@/protocol/myagent/myagent-schemas';
import type { MyagentChapter, MyagentStreamState } from '@/protocol/myagent/myagent-state';
import type { RunEvent } from '@/protocol/run-event';


const CHAPTER_TITLES: Record<MyagentChapter, string> = { plan: 'Plan', solve: 'Solve', aggregate: 'Aggregate' };

export function log(level: 'debug' | 'info' | 'warn' | 'error', message: string, source?: string, nodeId?: string): RunEvent {
  return { type: 'log', level, message, source, nodeId };
}

// ---- run, chapters, gates ------------------------------------------------------

export function runStarted(state: MyagentStreamState, title: string | undefined): RunEvent[] {
  if (state.runStarted) return [];
  state.runStarted = true;
  return [{ type: 'run.started', title: title ? clip(title, 200) : undefined }];
}

export function closeChapter(state: MyagentStreamState, status: string): RunEvent[] {
  const open = state.chapter;
  state.chapter = undefined;
  return open ? [{ type: 'chapter.completed', chapterId: open, status }] : [];
}

export function openChapter(state: MyagentStreamState, key: MyagentChapter): RunEvent[] {
  if (state.chapter === key) return [];
  const closed = closeChapter(state, 'completed');
  state.chapter = key;
  return [...closed, { type: 'chapter.started', chapterId: key, title: CHAPTER_TITLES[key], chapterKey: key }];
}

export function resolveGates(state: MyagentStreamState, decision: string, cause: 'decision' | 'cancelled' | 'timeout'): RunEvent[] {
  const events: RunEvent[] = [...state.openGates].map((gateId) => ({ type: 'gate.resolved', gateId, decision, cause }));
  state.openGates.clear();
  state.toolGates.clear();
  return events;
}

/** A terminal event once: later ones (session_end after pipeline.completed) become logs. */
export function finish(state: MyagentStreamState, terminal: RunEvent, chapterStatus: string): RunEvent[] {
  if (state.terminal) return [log('info', `${terminal.type} after the run ended`, 'session')];
  state.terminal = true;
  state.active = [];
  const gates = resolveGates(state, 'rejected', chapterStatus === 'cancelled' ? 'cancelled' : 'decision');
  return [...gates, ...closeChapter(state, chapterStatus), terminal];
}

/** A `user.cancel` echoed back (or relayed from another client): the run was cancelled on request. */
export function cancelRequested(state: MyagentStreamState, reason: string | undefined): RunEvent[] {
  return finish(state, { type: 'run.cancelled', reason, requested: true }, 'cancelled');
}

// ---- session -------------------------------------------------------------------

export function sessionCreated(wire: MyagentEventOf<'agent.session_created'>): RunEvent[] {
  const fromContent = contentObject(wire.content)?.session_id;
  const sessionId = typeof fromContent === 'string' ? fromContent : wire.session_id;
  return [log('info', `Session ${sessionId ?? '(no id)'} created`, 'session')];
}

export function sessionEnd(wire: MyagentEventOf<'agent.session_end'>, state: MyagentStreamState, text: string | undefined): RunEvent[] {
  const reason = wire.metadata?.reason;
  const status = wire.metadata?.completion_status;
  if (reason === 'user_request') return finish(state, { type: 'run.cancelled', reason: text }, 'cancelled');
  if (status === 'failed' || reason === 'error' || reason === 'timeout') {
    return finish(state, { type: 'run.failed', error: { message: text ?? `session ended: ${reason ?? status}`, code: reason } }, 'failed');
  }
  const tokens = wire.metadata?.stats?.tokens_used;
  return finish(state, { type: 'run.completed', output: text, totalTokens: tokens ? tokens.input + tokens.output : undefined }, 'completed');
}

export function pipelineCompleted(wire: MyagentEventOf<'pipeline.completed'>, state: MyagentStreamState): RunEvent[] {
  const meta = wire.metadata;
  const summary = meta?.result_summary;
  if (meta?.status === 'failed') {
    return finish(state, { type: 'run.failed', error: { message: summary ?? 'the pipeline failed' } }, 'failed');
  }
  const partial = meta?.status === 'partial_success' ? [log('warn', 'Pipeline finished with partial success', 'pipeline')] : [];
  const output = contentObject(wire.content)?.aggregate_output ?? summary;
  const tokens = meta?.tokens_used;
  const completed: RunEvent = {
    type: 'run.completed',
    output,
    durationMs: numberField(meta, 'total_time_ms'),
    // A closing total is authoritative: it is not booked again as an increment.
    totalCost: meta?.cost_usd !== undefined ? { micros: decimalToMicros(meta.cost_usd), currency: 'USD' } : undefined,
    totalTokens: tokens ? tokens.input + tokens.output : undefined,
  };
  return [...partial, ...finish(state, completed, 'completed')];
}

function numberField(object: Record<string, unknown> | undefined, key: string): number | undefined {
  const value = object?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function stateExported(wire: MyagentEventOf<'agent.state_exported'>): RunEvent[] {
  const until = wire.metadata?.valid_until;
  return [log('info', `Session state exported${until ? ` (valid until ${until})` : ''}`, 'session')];
}

export function stateRestored(wire: MyagentEventOf<'agent.state_restored'>, text: string | undefined): RunEvent[] {
  const fromContent = contentObject(wire.content)?.session_id;
  const sessionId = wire.metadata?.new_session_id ?? (typeof fromContent === 'string' ? fromContent : wire.session_id);
  return [log('info', `Session restored${sessionId ? ` as ${sessionId}` : ''}${text ? `: ${text}` : ''}`, 'session')];
}
