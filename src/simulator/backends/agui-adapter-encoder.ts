/**
 * Scenario steps → AG-UI events the way the official framework adapters send them (for
 * scenarios with `producer: 'framework-adapter'`): no timestamps, RUN_STARTED without an
 * `input` echo, no STEP_* events, no Runboard CUSTOM conventions or `metadata.stepName`,
 * token usage only on RUN_FINISHED, and the agent's state as one STATE_SNAPSHOT followed by
 * JSON Patch STATE_DELTAs (a source appended per tool result, the status replaced).
 *
 *   run.start     RUN_STARTED + STATE_SNAPSHOT {task, status, sources: [], toolCalls: 0}
 *   tokens        TEXT_MESSAGE_START (once per message) + TEXT_MESSAGE_CONTENT
 *   tool          TEXT_MESSAGE_END, TOOL_CALL_START (parentMessageId) / ARGS / END / RESULT,
 *                 STATE_DELTA add /sources/-, replace /toolCalls
 *   cost          counted for RUN_FINISHED.usage (adapters send no cost)
 *   run.done      TEXT_MESSAGE_END, STATE_DELTA replace /status, RUN_FINISHED {outcome, result, usage}
 *   run.fail      RUN_ERROR
 * Anything else (plans, steps, logs, progress) an adapter has no event for: nothing.
 */
import { EventType } from '@ag-ui/core';

import type { AguiSegmentWriter, AguiWire } from '@/simulator/backends/agui-segment';
import type { SimStep } from '@/simulator/engine/scenario';
import type { RunFacts } from '@/simulator/engine/scripted-run';

/** The adapter's one open assistant message (adapters stream one message at a time). */
export type AdapterMessage = { id: string | undefined; toolCalls: number };

export function encodeAdapterStep(w: AguiSegmentWriter, m: AdapterMessage, step: SimStep, run: RunFacts): AguiWire[] {
  switch (step.op) {
    case 'run.start':
      return [w.startSegment(run, undefined), w.ev(run, EventType.STATE_SNAPSHOT, { snapshot: { task: step.title, status: 'working', sources: [], toolCalls: 0 } })];
    case 'tokens': {
      const start = m.id === undefined ? [w.ev(run, EventType.TEXT_MESSAGE_START, { messageId: (m.id = w.id('msg')), role: 'assistant' })] : [];
      return [...start, w.ev(run, EventType.TEXT_MESSAGE_CONTENT, { messageId: m.id, delta: step.text })];
    }
    case 'tool':
      return adapterTool(w, m, step, run);
    case 'cost':
      w.addUsage(step.model, step.inputTokens, step.outputTokens);
      return [];
    case 'run.done':
      return [
        ...endMessage(w, m, run),
        w.ev(run, EventType.STATE_DELTA, { delta: [{ op: 'replace', path: '/status', value: 'done' }] }),
        w.endSegment(run, { outcome: { type: 'success' }, result: step.output, usage: w.usageTotals() }),
      ];
    case 'run.fail':
      w.segmentOpen = false;
      return [...endMessage(w, m, run), w.ev(run, EventType.RUN_ERROR, { message: step.error })];
    default:
      return [];
  }
}

function adapterTool(w: AguiSegmentWriter, m: AdapterMessage, step: Extract<SimStep, { op: 'tool' }>, run: RunFacts): AguiWire[] {
  const parent = m.id;
  const toolCallId = w.id('call');
  m.toolCalls += 1;
  return [
    ...endMessage(w, m, run),
    w.ev(run, EventType.TOOL_CALL_START, { toolCallId, toolCallName: step.tool, ...(parent !== undefined ? { parentMessageId: parent } : {}) }),
    w.ev(run, EventType.TOOL_CALL_ARGS, { toolCallId, delta: JSON.stringify(step.args) }),
    w.ev(run, EventType.TOOL_CALL_END, { toolCallId }),
    w.ev(run, EventType.TOOL_CALL_RESULT, { messageId: w.id('result'), toolCallId, role: 'tool', content: JSON.stringify(step.result) }),
    w.ev(run, EventType.STATE_DELTA, {
      delta: [
        { op: 'add', path: '/sources/-', value: { tool: step.tool, ok: step.ok !== false, ...step.args } },
        { op: 'replace', path: '/toolCalls', value: m.toolCalls },
      ],
    }),
  ];
}

function endMessage(w: AguiSegmentWriter, m: AdapterMessage, run: RunFacts): AguiWire[] {
  if (m.id === undefined) return [];
  const messageId = m.id;
  m.id = undefined;
  return [w.ev(run, EventType.TEXT_MESSAGE_END, { messageId })];
}
