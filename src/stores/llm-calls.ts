/**
 * The calls projection: one row per model call, built from the event log's canonical
 * `llm.text` (prompt, reasoning, response) and `cost.recorded` events. Incremental like the
 * other log projections: `advance(log)` reads only rows it has not read, and starts over
 * when the log was rewound (a replay seek) or dropped rows it had not read yet.
 *
 * How text and usage meet: a prompt opens a call on its node (or on the run, when the
 * stream names no node); reasoning and the response join the open call of their node (or
 * the run's), and the response closes it. A cost point carrying a model or tokens joins the
 * call the previous row touched when both came from the same raw frame (Shannon's
 * LLM_OUTPUT gives the text and the usage at once), else the node's newest answered call
 * that has no usage yet (AG-UI's CUSTOM usage after the message); otherwise it is a call of
 * its own, which the node's next response claims (usage sent before the answer), if any comes (the protocols whose streams report usage per call but no text). A cost point with neither
 * model nor tokens is an agent's or a run's total, not a call, and is left to the Cost tab.
 */
import { isTokensOnly } from '@/lib/is-tokens-only';
import type { RunEvent, RunEventOf } from '@/protocol/run-event';

export type LlmCall = {
  /** Position among the run's calls (stable while the log only grows). */
  index: number;
  nodeId?: string;
  model?: string;
  prompt?: string;
  reasoning?: string;
  response?: string;
  inputTokens?: number;
  outputTokens?: number;
  /** Tokens counted without an input/output split. */
  unsplitTokens?: number;
  micros?: number;
  currency?: string;
  /** How long the call took: as the producer stated it, or measured from prompt to response. */
  latencyMs?: number;
  latency?: 'stated' | 'measured';
  startedAtMs?: number;
  endedAtMs?: number;
  /** When Runboard first heard of the call (a producer's time or, failing that, the arrival time). */
  atMs?: number;
  /** Raw frame of the first event behind this call (the Timeline's "raw frame" link). */
  frame?: number;
};

type LogLike = Readonly<{ length: number; firstRow: number; at: (index: number) => { event: RunEvent } | undefined }>;

const RUN = '';

export class CallProjection {
  private read = 0;
  private calls: LlmCall[] = [];
  /** The open call of each node ('' for the run's own). */
  private open = new Map<string, LlmCall>();
  /** Per node, the newest answered call still without usage: a later cost point of that node is its usage (AG-UI's CUSTOM usage). */
  private awaitingUsage = new Map<string, LlmCall>();
  /** Per node, the newest usage-only call no text has claimed yet. */
  private usageBefore = new Map<string, LlmCall>();
  /** The call the previous row touched, and that row's frame. */
  private last: { call: LlmCall; row: number; frame: number | undefined } | undefined;
  /** A new array whenever a row changed what the view shows. */
  private snapshot: readonly LlmCall[] = [];
  private dirty = false;

  advance(log: LogLike): readonly LlmCall[] {
    if (log.length < this.read || log.firstRow > this.read) this.reset(log.firstRow);
    for (let row = this.read; row < log.length; row++) {
      const event = log.at(row)?.event;
      if (event?.type === 'llm.text') this.text(event, row);
      else if (event?.type === 'cost.recorded') this.cost(event, row);
    }
    this.read = log.length;
    if (this.dirty) {
      this.snapshot = this.calls.map((call) => ({ ...call }));
      this.dirty = false;
    }
    return this.snapshot;
  }

  private reset(from: number): void {
    this.read = from;
    this.calls = [];
    this.open.clear();
    this.awaitingUsage.clear();
    this.usageBefore.clear();
    this.last = undefined;
    this.dirty = true;
  }

  private text(event: RunEventOf<'llm.text'>, row: number): void {
    const key = event.nodeId ?? RUN;
    const usage = this.usageOfSameFrame(row, event.frame) ?? (event.role === 'response' ? this.usageBefore.get(key) : undefined);
    this.usageBefore.delete(key);
    const joinable = this.open.get(key) ?? (key !== RUN ? this.open.get(RUN) : undefined) ?? usage;
    const call = event.role === 'prompt' || joinable === undefined ? this.start(event) : joinable;
    if (usage !== undefined && usage !== call) this.absorb(call, usage);
    if (event.nodeId !== undefined) call.nodeId ??= event.nodeId;
    if (event.model !== undefined) call.model ??= event.model;
    if (event.role === 'prompt') {
      call.prompt = event.text;
      call.startedAtMs = producerTime(event);
      this.open.set(key, call);
    } else if (event.role === 'reasoning') {
      call.reasoning = call.reasoning === undefined ? event.text : `${call.reasoning}\n\n${event.text}`;
      if (!this.open.has(key) && joinable === undefined) this.open.set(key, call);
    } else {
      this.respond(call, event);
      for (const [k, c] of this.open) if (c === call) this.open.delete(k);
      if (call.micros === undefined && !hasTokens(call)) this.awaitingUsage.set(key, call);
    }
    this.touch(call, row, event.frame);
  }

  private respond(call: LlmCall, event: RunEventOf<'llm.text'>): void {
    call.response = call.response === undefined ? event.text : `${call.response}\n\n${event.text}`;
    call.endedAtMs = producerTime(event);
    if (event.durationMs !== undefined) {
      call.latencyMs = event.durationMs;
      call.latency = 'stated';
    } else if (call.startedAtMs !== undefined && call.endedAtMs !== undefined && call.endedAtMs >= call.startedAtMs) {
      call.latencyMs = call.endedAtMs - call.startedAtMs;
      call.latency = 'measured';
    }
  }

  /** The usage-only call the previous row made from this same frame (the usage came before the text). */
  private usageOfSameFrame(row: number, frame: number | undefined): LlmCall | undefined {
    const last = this.last;
    if (last === undefined || last.row !== row - 1 || last.frame !== frame) return undefined;
    const call = last.call;
    const textless = call.prompt === undefined && call.response === undefined && call.reasoning === undefined;
    return textless && call === this.calls[this.calls.length - 1] ? call : undefined;
  }

  /** Moves a usage-only call into the call its text belongs to; the calls after it move up one place. */
  private absorb(into: LlmCall, usage: LlmCall): void {
    const at = this.calls.indexOf(usage);
    this.calls.splice(at, 1);
    for (let i = at; i < this.calls.length; i++) (this.calls[i] as LlmCall).index = i;
    const { index: _index, frame: _frame, ...fields } = usage;
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) (into as Record<string, unknown>)[key] ??= value;
  }

  private cost(event: RunEventOf<'cost.recorded'>, row: number): void {
    const tokens = event.inputTokens ?? event.outputTokens ?? event.unsplitTokens;
    if (event.model === undefined && tokens === undefined) return;
    const last = this.last;
    const sameFrame = last !== undefined && last.row === row - 1 && last.frame === event.frame && last.call.micros === undefined && !hasTokens(last.call);
    const key = event.nodeId ?? RUN;
    const answered = this.awaitingUsage.get(key);
    this.awaitingUsage.delete(key);
    const call = sameFrame ? last.call : (answered ?? this.start(event));
    // Usage before the answer (AG-UI's CUSTOM usage inside the message): the node's next response claims it.
    if (!sameFrame && answered === undefined && event.nodeId !== undefined) this.usageBefore.set(key, call);
    if (event.nodeId !== undefined) call.nodeId ??= event.nodeId;
    if (event.model !== undefined) call.model ??= event.model;
    if (event.inputTokens !== undefined) call.inputTokens = event.inputTokens;
    if (event.outputTokens !== undefined) call.outputTokens = event.outputTokens;
    if (event.unsplitTokens !== undefined) call.unsplitTokens = event.unsplitTokens;
    if (!isTokensOnly(event)) {
      call.micros = event.micros;
      call.currency = event.currency;
    }
    call.endedAtMs ??= producerTime(event);
    this.touch(call, row, event.frame);
  }

  private start(event: RunEvent): LlmCall {
    const call: LlmCall = { index: this.calls.length, ...(event.frame !== undefined ? { frame: event.frame } : {}), ...(event.atMs !== undefined ? { atMs: event.atMs } : {}) };
    this.calls.push(call);
    return call;
  }

  private touch(call: LlmCall, row: number, frame: number | undefined): void {
    this.last = { call, row, frame };
    this.dirty = true;
  }
}

const hasTokens = (call: LlmCall) => call.inputTokens !== undefined || call.outputTokens !== undefined || call.unsplitTokens !== undefined;

/** A time the producer stated; a time of arrival says nothing about how long a call took. */
function producerTime(event: RunEvent): number | undefined {
  return event.receivedTime === true ? undefined : event.atMs;
}
