/**
 * Interrupts as a real framework sends them (@ag-ui/mastra's frames, captured from the
 * adapter: tests/fixtures/agui/SOURCE.txt): the question comes from metadata / the CUSTOM
 * event, the suspended call has no TOOL_CALL_START, the answer is recorded as sent.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { aguiDialect } from '@/protocol/agui/agui-dialect';
import type { RunEvent } from '@/protocol/run-event';

const frames = readFileSync('tests/fixtures/agui/mastra-interrupt.jsonl', 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const firstRun = frames.slice(0, 3);
const resumeRun = frames.slice(3);

function reader() {
  const interpret = aguiDialect.createInterpreter({ runId: 't1' });
  const read = (body: unknown) => {
    const result = interpret({ body });
    if (result.kind !== 'events') throw new Error(`rejected: ${result.reason}`);
    return result.events;
  };
  const sent = (body: unknown) => interpret({ body: { via: 'run', body }, outbound: true });
  return { read, sent };
}

const ofType = <T extends RunEvent['type']>(events: RunEvent[], type: T) => events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);

describe('agui interrupts as frameworks send them (@ag-ui/mastra)', () => {
  it('titles the gate with the question from metadata, shows the tool and its arguments, keeps the schema', () => {
    const { read } = reader();
    const events = firstRun.flatMap(read);
    const [gate] = ofType(events, 'gate.opened');
    expect(gate).toMatchObject({
      gateId: 'run1::call-1',
      kind: 'interrupt',
      message: 'Deploy 2.4 to production?',
      context: { tool: 'deploy', arguments: { release: '2.4' }, reason: 'mastra:tool_suspend' },
      schema: { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'] },
    });
    // The suspended call never had a TOOL_CALL_START: it is recorded from the interrupt, on the gate's node.
    expect(ofType(events, 'tool.called')).toEqual([{ type: 'tool.called', nodeId: gate?.nodeId, callId: 'call-1', tool: 'deploy', args: { release: '2.4' } }]);
  });

  it('reads the question from the CUSTOM on_interrupt event when the interrupt itself has none', () => {
    const { read } = reader();
    const finished = structuredClone(frames[2]) as { outcome: { interrupts: { metadata?: unknown }[] } };
    delete finished.outcome.interrupts[0]!.metadata;
    const [gate] = ofType([frames[0], frames[1], finished].flatMap(read), 'gate.opened');
    expect(gate).toMatchObject({ message: 'Deploy 2.4 to production?', context: { tool: 'deploy', arguments: { release: '2.4' } } });
  });

  it('never titles a gate with the machine reason alone', () => {
    const { read } = reader();
    const events = [frames[0], { type: 'RUN_FINISHED', threadId: 't1', runId: 'run1', outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'langgraph:interrupt' }] } }].flatMap(read);
    expect(ofType(events, 'gate.opened')[0]?.message).toBe('The agent is waiting for your answer (langgraph:interrupt)');
  });

  it('records the decision this session sent (resolved with its payload) and gives the result to the interrupted call', () => {
    const { read, sent } = reader();
    firstRun.forEach(read);
    sent({ threadId: 't1', runId: 'run2', messages: [], resume: [{ interruptId: 'run1::call-1', status: 'resolved', payload: { approved: true } }] });
    const events = resumeRun.flatMap(read);
    expect(ofType(events, 'gate.resolved')).toEqual([{ type: 'gate.resolved', gateId: 'run1::call-1', decision: 'resolved', cause: 'decision', payload: { approved: true } }]);
    expect(ofType(events, 'tool.result')[0]).toMatchObject({ callId: 'call-1', tool: 'deploy', ok: true, result: '{"deployed":"2.4"}' });
    expect(events.at(-1)).toMatchObject({ type: 'run.completed', totalTokens: 30 });
  });

  it('records a cancelled interrupt as cancelled', () => {
    const { read, sent } = reader();
    firstRun.forEach(read);
    sent({ threadId: 't1', runId: 'run2', messages: [], resume: [{ interruptId: 'run1::call-1', status: 'cancelled' }] });
    const events = [{ type: 'RUN_STARTED', threadId: 't1', runId: 'run2' }, { type: 'RUN_FINISHED', threadId: 't1', runId: 'run2' }].flatMap(read);
    expect(ofType(events, 'gate.resolved')[0]).toMatchObject({ decision: 'cancelled' });
  });

  it('keeps hostile metadata as clipped text', () => {
    const { read } = reader();
    const hostile = `<img src=x onerror=alert(1)> ${'a'.repeat(2000)}`;
    const finished = { type: 'RUN_FINISHED', threadId: 't1', runId: 'run1', outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'x:tool_suspend', metadata: { x: { toolName: '<b>rm</b>', suspendPayload: { question: hostile } } } }] } };
    const [gate] = ofType([frames[0], finished].flatMap(read), 'gate.opened');
    expect(gate?.message.startsWith('<img src=x onerror=alert(1)>')).toBe(true);
    expect(gate?.message.length).toBeLessThanOrEqual(500);
    expect(gate?.context).toMatchObject({ tool: '<b>rm</b>' });
  });
});
