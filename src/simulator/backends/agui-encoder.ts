/**
 * Scenario steps → AG-UI 1.0 events (`@ag-ui/core` types; the backend serialises them with
 * the real `@ag-ui/encoder`). Every run segment obeys the order rules `verifyEvents`
 * enforces: RUN_STARTED first, START/END paired by id, every open message and step closed
 * before RUN_FINISHED, nothing after RUN_FINISHED / RUN_ERROR but a new RUN_STARTED.
 *
 * Mapping (Runboard conventions marked *):
 *   (every event)  no `timestamp` (the official adapters send none)
 *   run.start     RUN_STARTED (no input echo on a first run) + STATE_SNAPSHOT {title, scenario}
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
 *   gate          as a framework's suspended tool (agui-interrupt-frames.ts): close messages,
 *                 STEP_FINISHED metadata.outcome 'suspended' * for open steps, CUSTOM
 *                 on_interrupt, RUN_FINISHED outcome interrupt with responseSchema + metadata
 *   gate.resolved RUN_STARTED (the resume run's id and input echo), the suspended call's
 *                 TOOL_CALL_RESULT, STEP_STARTED again for the suspended steps
 *   run.done      RUN_FINISHED outcome success, result, usage per model
 *   run.fail      RUN_ERROR
 *   run.cancel    STEP_FINISHED metadata.outcome 'cancelled' * + RUN_FINISHED outcome
 *                 {type:'cancelled'} (1.0 names a cancelled outcome; RUN_ERROR is for failures)
 *
 * The open-segment/step/message bookkeeping lives in agui-segment.ts.
 */
import { EventType } from '@ag-ui/core';

import { type AdapterMessage, encodeAdapterStep } from '@/simulator/backends/agui-adapter-encoder';
import { interruptFrames, suspendedResult } from '@/simulator/backends/agui-interrupt-frames';
import { AguiSegmentWriter, type AguiSegmentControl, type AguiWire } from '@/simulator/backends/agui-segment';
import type { SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type { AguiSegmentControl, AguiWire } from '@/simulator/backends/agui-segment';

type Step<Op extends SimStep['op']> = Extract<SimStep, { op: Op }>;

export function createAguiEncoder(control: AguiSegmentControl): Encoder<AguiWire> {
  const w = new AguiSegmentWriter(control);
  const message: AdapterMessage = { id: undefined, toolCalls: 0 };
  return (step, run) => (run.scenario.producer === 'framework-adapter' ? encodeAdapterStep(w, message, step, run) : encodeStep(w, step, run));
}

function encodeStep(w: AguiSegmentWriter, step: SimStep, run: RunFacts): AguiWire[] {
  const custom = (name: string, value: unknown) => [w.ev(run, EventType.CUSTOM, { name, value })];
  switch (step.op) {
    case 'run.start':
      return [w.startSegment(run, undefined), w.ev(run, EventType.STATE_SNAPSHOT, { snapshot: { title: step.title, scenario: run.scenario.id } })];
    case 'plan':
      return custom('plan', { nodes: step.nodes, edges: step.edges });
    case 'chapter.start':
    case 'chapter.end':
      return [w.ev(run, EventType.STATE_DELTA, { delta: [{ op: 'add', path: '/chapter', value: step.op === 'chapter.start' ? step.key : null }] })];
    case 'node.start':
      return [w.startStep(run, step.node)];
    case 'node.progress':
      return custom('step_progress', { stepName: step.node, progress: step.progress, message: step.message });
    case 'tokens': {
      const { messageId, start } = w.message(run, step.node);
      return [...start, w.ev(run, EventType.TEXT_MESSAGE_CONTENT, { messageId, delta: step.text })];
    }
    case 'tool':
      return tool(w, step, run);
    case 'cost':
      w.addUsage(step.model, step.inputTokens, step.outputTokens);
      return custom('usage', { model: step.model, inputTokens: step.inputTokens, outputTokens: step.outputTokens, costUsd: step.usd, stepName: step.node });
    case 'node.done':
      return w.finishStep(run, step.node, { output: step.output });
    case 'node.fail':
      return w.finishStep(run, step.node, { outcome: 'failed', error: { message: step.error, ...(step.code ? { code: step.code } : {}) }, retrying: step.willRetry });
    case 'node.skip':
      return custom('step_skipped', { stepName: step.node, reason: step.reason });
    case 'log':
      return custom('log', { level: step.level, message: step.message, ...(step.node ? { stepName: step.node } : {}) });
    case 'gate':
      return interruptFrames(w, step, run);
    case 'gate.resolved':
      return resolved(w, step, run);
    case 'run.done':
      return [...w.closeAll(run), w.endSegment(run, { result: step.output, outcome: { type: 'success' }, usage: w.usageTotals() })];
    case 'run.fail':
      w.segmentOpen = false;
      return [...w.closeMessages(run), w.ev(run, EventType.RUN_ERROR, { message: step.error, code: 'run_failed' })];
    case 'run.cancel': {
      // A cancel while parked at an interrupt needs a segment to report it in.
      const opening = w.segmentOpen ? [] : [w.startSegment(run, undefined)];
      return [...opening, ...w.closeAll(run, 'cancelled'), w.endSegment(run, { outcome: { type: 'cancelled' } })];
    }
    case 'run.pause':
    case 'run.resume':
    case 'gate.revised': // Shannon's review rounds and timeout end: nothing in this protocol
    case 'run.end':
    case 'wait':
      return [];
  }
}

function tool(w: AguiSegmentWriter, step: Step<'tool'>, run: RunFacts): AguiWire[] {
  const toolCallId = w.id(`call-${step.node}`);
  const args = JSON.stringify(step.args);
  const half = Math.ceil(args.length / 2);
  const parent = w.openMessageOf(step.node);
  return [
    w.ev(run, EventType.TOOL_CALL_START, {
      toolCallId,
      toolCallName: step.tool,
      ...(parent !== undefined ? { parentMessageId: parent } : {}),
      metadata: { stepName: step.node },
    }),
    // Two deltas, so clients must assemble the arguments.
    w.ev(run, EventType.TOOL_CALL_ARGS, { toolCallId, delta: args.slice(0, half) }),
    w.ev(run, EventType.TOOL_CALL_ARGS, { toolCallId, delta: args.slice(half) }),
    w.ev(run, EventType.TOOL_CALL_END, { toolCallId }),
    w.ev(run, EventType.TOOL_CALL_RESULT, {
      messageId: `${toolCallId}-result`,
      toolCallId,
      role: 'tool',
      content: JSON.stringify(step.result),
      ...(step.ok === false ? { metadata: { error: true } } : {}),
    }),
  ];
}

function resolved(w: AguiSegmentWriter, step: Step<'gate.resolved'>, run: RunFacts): AguiWire[] {
  if (w.segmentOpen) return suspendedResult(w, step.id, step.decision, run);
  // Decided without a resume run (timeout, another reviewer): echo what was decided.
  const status = step.decision === 'rejected' || step.cause === 'timeout' ? 'cancelled' : 'resolved';
  w.control.nextRunId ??= w.id(`${w.control.threadId}-run`);
  const echo = { threadId: w.control.threadId, runId: w.control.nextRunId, messages: [], resume: [{ interruptId: step.id, status }] };
  return [w.startSegment(run, echo), ...suspendedResult(w, step.id, step.decision, run), ...w.reopenSuspended(run)];
}
