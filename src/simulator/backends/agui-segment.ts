/**
 * The bookkeeping that keeps a simulated AG-UI stream valid under the 1.0 order rules:
 * which run segment is open, which steps and text messages are open (closed before any
 * RUN_FINISHED), which steps an interrupt suspended (reopened by the resume run), and the
 * token usage reported on the final RUN_FINISHED. Used by agui-encoder.ts.
 */
import { type BaseEvent, EventType } from '@ag-ui/core';

import type { RunFacts } from '@/simulator/engine/scripted-run';

export type AguiWire = BaseEvent;

/** What the backend tells the encoder about the HTTP run that opens the next segment. */
export type AguiSegmentControl = { threadId: string; nextRunId?: string; nextInput?: unknown };

type Usage = { model: string; inputTokens: number; outputTokens: number; totalTokens: number };

export class AguiSegmentWriter {
  segmentOpen = false;
  private runId = '';
  private counter = 0;
  private readonly openSteps: string[] = [];
  private readonly openMessages = new Map<string, string>();
  private suspended: string[] = [];
  private readonly usage = new Map<string, Usage>();
  /** gate id → the tool call its interrupt suspended (its result comes in the resumed segment). */
  readonly suspendedCalls = new Map<string, string>();

  constructor(readonly control: AguiSegmentControl) {}

  get currentRunId(): string {
    return this.runId;
  }

  id(prefix: string): string {
    return `${prefix}-${++this.counter}`;
  }

  ev(run: RunFacts, type: EventType, fields: Record<string, unknown> = {}): AguiWire {
    return { type, timestamp: run.nowMs, ...fields };
  }

  /** RUN_STARTED with the id and input echo of the HTTP run the backend is serving. */
  startSegment(run: RunFacts, echo: unknown): AguiWire {
    this.runId = this.control.nextRunId ?? this.id(`${this.control.threadId}-run`);
    const input = this.control.nextInput ?? echo;
    this.control.nextRunId = undefined;
    this.control.nextInput = undefined;
    this.segmentOpen = true;
    return this.ev(run, EventType.RUN_STARTED, { threadId: this.control.threadId, runId: this.runId, ...(input !== undefined ? { input } : {}) });
  }

  endSegment(run: RunFacts, fields: Record<string, unknown>): AguiWire {
    this.segmentOpen = false;
    return this.ev(run, EventType.RUN_FINISHED, { threadId: this.control.threadId, runId: this.runId, ...fields });
  }

  startStep(run: RunFacts, node: string): AguiWire {
    if (!this.openSteps.includes(node)) this.openSteps.push(node);
    return this.ev(run, EventType.STEP_STARTED, { stepName: node });
  }

  finishStep(run: RunFacts, node: string, metadata?: Record<string, unknown>): AguiWire[] {
    const out = this.closeMessages(run, node);
    // A step finished in a segment that never opened it (a gate timed out between runs) is opened first.
    const at = this.openSteps.indexOf(node);
    if (at < 0) out.push(this.ev(run, EventType.STEP_STARTED, { stepName: node }));
    else this.openSteps.splice(at, 1);
    out.push(this.ev(run, EventType.STEP_FINISHED, { stepName: node, ...(metadata ? { metadata } : {}) }));
    return out;
  }

  /** Closes every open message and step; 'suspended' steps reopen in the next segment. */
  closeAll(run: RunFacts, outcome?: 'suspended' | 'cancelled'): AguiWire[] {
    const out = this.closeMessages(run);
    const names = [...this.openSteps];
    for (const node of names) out.push(...this.finishStep(run, node, outcome ? { outcome } : undefined));
    if (outcome === 'suspended') this.suspended = names;
    return out;
  }

  reopenSuspended(run: RunFacts): AguiWire[] {
    const out = this.suspended.map((node) => this.startStep(run, node));
    this.suspended = [];
    return out;
  }

  /** The open message of a node, started (with metadata.stepName) when there is none. */
  message(run: RunFacts, node: string): { messageId: string; start: AguiWire[] } {
    const open = this.openMessages.get(node);
    if (open !== undefined) return { messageId: open, start: [] };
    const messageId = this.id(`msg-${node}`);
    this.openMessages.set(node, messageId);
    return { messageId, start: [this.ev(run, EventType.TEXT_MESSAGE_START, { messageId, role: 'assistant', metadata: { stepName: node } })] };
  }

  openMessageOf(node: string): string | undefined {
    return this.openMessages.get(node);
  }

  closeMessages(run: RunFacts, node?: string): AguiWire[] {
    const out: AguiWire[] = [];
    for (const [owner, messageId] of this.openMessages) {
      if (node !== undefined && owner !== node) continue;
      out.push(this.ev(run, EventType.TEXT_MESSAGE_END, { messageId }));
      this.openMessages.delete(owner);
    }
    return out;
  }

  addUsage(model: string, inputTokens: number, outputTokens: number): void {
    const u = this.usage.get(model) ?? { model, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    u.inputTokens += inputTokens;
    u.outputTokens += outputTokens;
    u.totalTokens = u.inputTokens + u.outputTokens;
    this.usage.set(model, u);
  }

  usageTotals(): Usage[] {
    return [...this.usage.values()].map((u) => ({ ...u }));
  }
}
