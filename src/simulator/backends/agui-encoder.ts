/**
 * Scenario steps → AG-UI 1.0 events (`@ag-ui/core` types; the backend serialises them with
 * the real `@ag-ui/encoder`). Every run segment obeys the order rules `verifyEvents`
 * enforces: RUN_STARTED first, START/END paired by id, every open message and step closed
 * before RUN_FINISHED, nothing after RUN_FINISHED / RUN_ERROR but a new RUN_STARTED.
 *
 * Mapping (Runboard conventions marked *):
 *   run.start     RUN_STARTED (input echo) + STATE_SNAPSHOT {title, scenario}
 *   plan          CUSTOM 'plan' {nodes, edges} *
 *   chapter.*     STATE_DELTA add /chapter
 *   node.start    STEP_STARTED stepName = node id
 *   tokens        TEXT_MESSAGE_START (once per node, metadata.stepName *) + TEXT_MESSAGE_CONTENT
 *   tool          TOOL_CALL_START (metadata.stepName *) / ARGS (2 deltas) / END / RESULT
 *   cost          CUSTOM 'usage' {model, inputTokens, outputTokens, costUsd, stepName} *
 *   node.done     TEXT_MESSAGE_END + STEP_FINISHED metadata.output *
 *   node.fail     TEXT_MESSAGE_END + STEP_FINISHED metadata {outcome:'failed', error, retrying} *
 *                 (AG-UI has no failed-step event)
 *   node.skip / node.progress / log   CUSTOM step_skipped / step_progress / log *
 *   gate          close messages, STEP_FINISHED metadata.outcome 'suspended' * for open steps,
 *                 RUN_FINISHED outcome {type:'interrupt', interrupts:[{id, reason, message,
 *                 expiresAt, metadata:{stepName, context}}]}
 *   gate.resolved RUN_STARTED (the resume run's id and input echo) + STEP_STARTED again for
 *                 the suspended steps
 *   run.done      RUN_FINISHED outcome success, result, usage per model
 *   run.fail      RUN_ERROR
 *   run.cancel    STEP_FINISHED metadata.outcome 'cancelled' * + RUN_FINISHED outcome
 *                 {type:'cancelled'} (1.0 names a cancelled outcome; RUN_ERROR is for failures)
 */
import { type BaseEvent, EventType } from '@ag-ui/core';

import type { SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type AguiWire = BaseEvent;

/** What the backend tells the encoder about the HTTP run that opens the next segment. */
export type AguiSegmentControl = { threadId: string; nextRunId?: string; nextInput?: unknown };

type Usage = { model: string; inputTokens: number; outputTokens: number };

export function createAguiEncoder(control: AguiSegmentControl): Encoder<AguiWire> {
  let runId = '';
  let segmentOpen = false;
  let counter = 0;
  const openSteps: string[] = [];
  const openMessages = new Map<string, string>();
  let suspended: string[] = [];
  const usage = new Map<string, Usage>();
  const id = (prefix: string) => `${prefix}-${++counter}`;

  const ev = (run: RunFacts, type: EventType, fields: Record<string, unknown> = {}): AguiWire => ({ type, timestamp: run.nowMs, ...fields });

  function startSegment(run: RunFacts, echo: unknown): AguiWire {
    runId = control.nextRunId ?? id(`${control.threadId}-run`);
    const input = control.nextInput ?? echo;
    control.nextRunId = undefined;
    control.nextInput = undefined;
    segmentOpen = true;
    return ev(run, EventType.RUN_STARTED, { threadId: control.threadId, runId, ...(input !== undefined ? { input } : {}) });
  }

  function closeMessages(run: RunFacts, node?: string): AguiWire[] {
    const out: AguiWire[] = [];
    for (const [owner, messageId] of openMessages) {
      if (node !== undefined && owner !== node) continue;
      out.push(ev(run, EventType.TEXT_MESSAGE_END, { messageId }));
      openMessages.delete(owner);
    }
    return out;
  }

  function finishStep(run: RunFacts, node: string, metadata?: Record<string, unknown>): AguiWire[] {
    const out = closeMessages(run, node);
    // A step finished in a segment that never opened it (a gate timed out between runs) is opened first.
    if (!openSteps.includes(node)) out.push(ev(run, EventType.STEP_STARTED, { stepName: node }));
    else openSteps.splice(openSteps.indexOf(node), 1);
    out.push(ev(run, EventType.STEP_FINISHED, { stepName: node, ...(metadata ? { metadata } : {}) }));
    return out;
  }

  function closeSteps(run: RunFacts, outcome: 'suspended' | 'cancelled'): AguiWire[] {
    const out = closeMessages(run);
    const names = [...openSteps];
    for (const node of names) out.push(...finishStep(run, node, { outcome }));
    return out;
  }

  function endSegment(run: RunFacts, fields: Record<string, unknown>): AguiWire {
    segmentOpen = false;
    return ev(run, EventType.RUN_FINISHED, { threadId: control.threadId, runId, ...fields });
  }

  const custom = (run: RunFacts, name: string, value: unknown) => ev(run, EventType.CUSTOM, { name, value });

  function tokens(run: RunFacts, step: Extract<SimStep, { op: 'tokens' }>): AguiWire[] {
    const out: AguiWire[] = [];
    let messageId = openMessages.get(step.node);
    if (messageId === undefined) {
      messageId = id(`msg-${step.node}`);
      openMessages.set(step.node, messageId);
      out.push(ev(run, EventType.TEXT_MESSAGE_START, { messageId, role: 'assistant', metadata: { stepName: step.node } }));
    }
    out.push(ev(run, EventType.TEXT_MESSAGE_CONTENT, { messageId, delta: step.text }));
    return out;
  }

  function tool(run: RunFacts, step: Extract<SimStep, { op: 'tool' }>): AguiWire[] {
    const toolCallId = id(`call-${step.node}`);
    const args = JSON.stringify(step.args);
    const half = Math.ceil(args.length / 2);
    const parent = openMessages.get(step.node);
    return [
      ev(run, EventType.TOOL_CALL_START, {
        toolCallId,
        toolCallName: step.tool,
        ...(parent !== undefined ? { parentMessageId: parent } : {}),
        metadata: { stepName: step.node },
      }),
      ev(run, EventType.TOOL_CALL_ARGS, { toolCallId, delta: args.slice(0, half) }),
      ev(run, EventType.TOOL_CALL_ARGS, { toolCallId, delta: args.slice(half) }),
      ev(run, EventType.TOOL_CALL_END, { toolCallId }),
      ev(run, EventType.TOOL_CALL_RESULT, {
        messageId: `${toolCallId}-result`,
        toolCallId,
        role: 'tool',
        content: JSON.stringify(step.result),
        ...(step.ok === false ? { metadata: { error: true } } : {}),
      }),
    ];
  }

  function addUsage(step: Extract<SimStep, { op: 'cost' }>) {
    const u = usage.get(step.model) ?? { model: step.model, inputTokens: 0, outputTokens: 0 };
    u.inputTokens += step.inputTokens;
    u.outputTokens += step.outputTokens;
    usage.set(step.model, u);
  }

  function gate(run: RunFacts, step: Extract<SimStep, { op: 'gate' }>): AguiWire[] {
    const out = closeSteps(run, 'suspended');
    suspended = out.filter((e) => e.type === EventType.STEP_FINISHED).map((e) => String(e.stepName));
    const interrupt = {
      id: step.id,
      reason: step.kind,
      message: step.message,
      ...(step.timeoutMs !== undefined ? { expiresAt: new Date(run.nowMs + step.timeoutMs).toISOString() } : {}),
      metadata: { stepName: step.node, ...(step.context ? { context: step.context } : {}) },
    };
    out.push(endSegment(run, { outcome: { type: 'interrupt', interrupts: [interrupt] } }));
    return out;
  }

  function resolved(run: RunFacts, step: Extract<SimStep, { op: 'gate.resolved' }>): AguiWire[] {
    if (segmentOpen) return [];
    // Decided without a resume run (timeout, another reviewer): echo what was decided.
    const status = step.decision === 'rejected' || step.cause === 'timeout' ? 'cancelled' : 'resolved';
    control.nextRunId ??= id(`${control.threadId}-run`);
    const echo = { threadId: control.threadId, runId: control.nextRunId, messages: [], resume: [{ interruptId: step.id, status }] };
    const out = [startSegment(run, echo)];
    for (const node of suspended) {
      openSteps.push(node);
      out.push(ev(run, EventType.STEP_STARTED, { stepName: node }));
    }
    suspended = [];
    return out;
  }

  return (step, run) => {
    switch (step.op) {
      case 'run.start':
        return [startSegment(run, undefined), ev(run, EventType.STATE_SNAPSHOT, { snapshot: { title: step.title, scenario: run.scenario.id } })];
      case 'plan':
        return [custom(run, 'plan', { nodes: step.nodes, edges: step.edges })];
      case 'chapter.start':
      case 'chapter.end':
        return [ev(run, EventType.STATE_DELTA, { delta: [{ op: 'add', path: '/chapter', value: step.op === 'chapter.start' ? step.key : null }] })];
      case 'node.start':
        if (!openSteps.includes(step.node)) openSteps.push(step.node);
        return [ev(run, EventType.STEP_STARTED, { stepName: step.node })];
      case 'node.progress':
        return [custom(run, 'step_progress', { stepName: step.node, progress: step.progress, message: step.message })];
      case 'tokens':
        return tokens(run, step);
      case 'tool':
        return tool(run, step);
      case 'cost':
        addUsage(step);
        return [custom(run, 'usage', { model: step.model, inputTokens: step.inputTokens, outputTokens: step.outputTokens, costUsd: step.usd, stepName: step.node })];
      case 'node.done':
        return finishStep(run, step.node, { output: step.output });
      case 'node.fail':
        return finishStep(run, step.node, { outcome: 'failed', error: { message: step.error, ...(step.code ? { code: step.code } : {}) }, retrying: step.willRetry });
      case 'node.skip':
        return [custom(run, 'step_skipped', { stepName: step.node, reason: step.reason })];
      case 'log':
        return [custom(run, 'log', { level: step.level, message: step.message, ...(step.node ? { stepName: step.node } : {}) })];
      case 'gate':
        return gate(run, step);
      case 'gate.resolved':
        return resolved(run, step);
      case 'run.done': {
        const out = closeMessages(run);
        for (const node of [...openSteps]) out.push(...finishStep(run, node));
        const totals = [...usage.values()].map((u) => ({ ...u, totalTokens: u.inputTokens + u.outputTokens }));
        out.push(endSegment(run, { result: step.output, outcome: { type: 'success' }, usage: totals }));
        return out;
      }
      case 'run.fail':
        segmentOpen = false;
        return [...closeMessages(run), ev(run, EventType.RUN_ERROR, { message: step.error, code: 'run_failed' })];
      case 'run.cancel': {
        // A cancel while parked at an interrupt needs a segment to report it in.
        const opening = segmentOpen ? [] : [startSegment(run, undefined)];
        return [...opening, ...closeSteps(run, 'cancelled'), endSegment(run, { outcome: { type: 'cancelled' } })];
      }
      case 'run.pause':
      case 'run.resume':
      case 'wait':
        return [];
    }
  };
}
