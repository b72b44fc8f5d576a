/**
 * The small per-connection state a tolky decoder keeps, and the shared mapping helpers.
 *
 * State exists because tolky states some facts once: step labels and parallel groups
 * come with `plan_ready` only, and `continuation_started` answers the interruption that
 * came before it without naming it. One state per connection (createDecoder); every
 * update is idempotent, since each frame can arrive up to three times (session, intent
 * and host rooms) before the sequencer drops the copies.
 */
import { safeJson } from '@/protocol/decode-util';
import type { ErrorInfo, LogLevel, RunEvent } from '@/protocol/run-event';
import type { TolkyEnvelope, TolkyPayload, TolkyType } from '@/protocol/tolky/tolky-schemas';

export type TolkyState = {
  /** The watched intent: frames of other intents are ignored. */
  readonly runId: string;
  readonly labels: Map<number, string>;
  readonly groups: Map<number, string>;
  /** Open human-input gates: gateId → nodeId. */
  readonly openGates: Map<string, string | undefined>;
  /** chapterKey → the id of its latest chapter, for chapter_completed without an id. */
  readonly chapters: Map<string, string>;
  terminal: boolean;
  cancelRequested: boolean;
};

export function createTolkyState(runId: string): TolkyState {
  return {
    runId,
    labels: new Map(),
    groups: new Map(),
    openGates: new Map(),
    chapters: new Map(),
    terminal: false,
    cancelRequested: false,
  };
}

export type TolkyHandler<T extends TolkyType> = (payload: TolkyPayload<T>, env: TolkyEnvelope, state: TolkyState) => RunEvent[];
export type TolkyHandlers<K extends TolkyType> = { [T in K]: TolkyHandler<T> };

/** Node ids are derived from step numbers, so plan, step and cost events meet on one id. */
export function stepNodeId(stepNumber: number): string {
  return `step-${stepNumber}`;
}

export function stepLabel(state: TolkyState, stepNumber: number, ...candidates: (string | undefined)[]): string {
  return state.labels.get(stepNumber) ?? candidates.find((c) => c !== undefined && c !== '') ?? `Step ${stepNumber}`;
}

/** tolky sends progress in percent (Math.round(step / total * 100)); canonical is 0..1. */
export function toFraction(percent: number | undefined): number | undefined {
  if (percent === undefined || !Number.isFinite(percent)) return undefined;
  return Math.min(1, Math.max(0, percent / 100));
}

export function toErrorInfo(error: string | { message: string; code?: string | undefined } | undefined, fallback: string): ErrorInfo {
  if (error === undefined) return { message: fallback };
  if (typeof error === 'string') return { message: error || fallback };
  return error.code === undefined ? { message: error.message } : { message: error.message, code: error.code };
}

export function toLogLevel(level: string | undefined): LogLevel {
  switch (level?.toLowerCase()) {
    case 'warn':
    case 'warning':
      return 'warn';
    case 'error':
    case 'fatal':
      return 'error';
    case 'debug':
    case 'trace':
    case 'verbose':
      return 'debug';
    default:
      return 'info';
  }
}

export function log(level: LogLevel, message: string, source: string, nodeId?: string): RunEvent {
  return nodeId === undefined ? { type: 'log', level, message, source } : { type: 'log', level, message, source, nodeId };
}

/** Short readable text for loosely typed values (counts, lists, summaries). */
export function brief(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.length > 160 ? `${value.slice(0, 160)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `${value.length} item(s)`;
  const text = safeJson(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** The document's chapter keys, as the timeline headings read. */
const CHAPTER_TITLES: Readonly<Record<string, string>> = {
  initialization: 'Initialization',
  preparation: 'Preparation',
  planning: 'Planning',
  feasibility: 'Feasibility check',
  continuation_planning: 'Continuation planning',
  execution: 'Execution',
  containment: 'Containment',
  recommendation_replan: 'Recommendation replan',
  delivery_comparison: 'Delivery comparison',
  full_retry: 'Full retry',
  audit: 'Audit',
  compile: 'Compile',
};

export function chapterTitle(key: string | undefined): string {
  if (key === undefined) return 'Chapter';
  const known = CHAPTER_TITLES[key];
  if (known) return known;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Chapter';
}

/** Closes every open gate: after a terminal event nothing can answer them any more. */
export function closeGates(state: TolkyState, decision: string, cause: 'decision' | 'timeout' | 'cancelled', payload?: unknown): RunEvent[] {
  const events: RunEvent[] = [];
  for (const [gateId, nodeId] of state.openGates) {
    events.push({
      type: 'gate.resolved',
      gateId,
      decision,
      cause,
      ...(nodeId !== undefined ? { nodeId } : {}),
      ...(payload !== undefined ? { payload } : {}),
    });
  }
  state.openGates.clear();
  return events;
}
