/**
 * Streams shaped exactly as the shipped myagent server builds them (tests/fixtures/myagent/
 * upstream-*.jsonl; SOURCE.txt names each upstream file and line): a plain tool agent with a
 * tool confirmation the server silently denies after 300 s, a plan/solve pipeline with per-call
 * statistics, and the two refusals of a resume.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, test } from 'vitest';

import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import { createFrameReader } from '@/protocol/read-frame';
import { RunEventSchema, type RunEvent } from '@/protocol/run-event';

const fixture = (name: string): unknown[] =>
  readFileSync(`tests/fixtures/myagent/upstream-${name}.jsonl`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);

/** Our own command, as the session hands it to the interpreter (the dialect reads its own commands). */
const own = (message: Record<string, unknown>) => ({ own: { via: 'socket', message } });

function read(frames: readonly unknown[], before: readonly unknown[] = []): RunEvent[] {
  const reader = createFrameReader(myagentDialect, 'S');
  const events = [...before, ...frames].flatMap((frame) => {
    if (typeof frame === 'object' && frame !== null && 'own' in frame) return reader.outbound(frame.own);
    const result = reader(frame);
    if (result.kind === 'rejected') throw new Error(result.reason);
    return result.kind === 'events' ? result.events : [];
  });
  for (const event of events) expect(RunEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
  return events;
}

const of = <T extends RunEvent['type']>(events: RunEvent[], type: T) => events.filter((e) => e.type === type) as Extract<RunEvent, { type: T }>[];

describe('a plain tool agent, as the shipped server runs one', () => {
  const events = read(fixture('plain-tool-agent'));

  test('is one node named for the agent, and both tool calls and results belong to it', () => {
    expect(of(events, 'node.started')).toEqual([expect.objectContaining({ nodeId: 'mail_assistant', label: 'mail_assistant', kind: 'agent' })]);
    expect(of(events, 'tool.called').map((e) => [e.nodeId, e.tool, e.callId])).toEqual([
      ['mail_assistant', 'web_search', 'step_0_web_search'],
      ['mail_assistant', 'send_email', 'step_1_send_email'],
    ]);
    expect(of(events, 'tool.result').map((e) => [e.nodeId, e.tool, e.ok])).toEqual([
      ['mail_assistant', 'web_search', true],
      ['mail_assistant', 'send_email', false],
    ]);
    expect(of(events, 'node.completed')).toEqual([expect.objectContaining({ nodeId: 'mail_assistant' })]);
    expect(events.some((e) => 'nodeId' in e && e.nodeId === 'aggregate')).toBe(false);
  });

  test('the tool confirmation shows the tool and its arguments, with the 300 s the code waits as an estimate', () => {
    const [gate] = of(events, 'gate.opened');
    expect(gate).toMatchObject({
      gateId: 'confirm_1a2b3c4d_send_email',
      nodeId: 'mail_assistant',
      message: 'Confirm tool execution: send_email',
      context: { tool: 'send_email', arguments: { to: 'cfo@example.com', subject: 'Q3' }, description: 'Send an e-mail' },
      deadlineEstimated: true,
      onTimeout: expect.stringMatching(/denies the tool call without sending any event/),
    });
    expect(gate?.options.map((o) => [o.label, o.tone])).toEqual([['Allow', 'approve'], ['Deny', 'reject']]);
    expect((gate?.deadlineAtMs ?? 0) - Date.parse('2025-10-18T17:50:09.123')).toBe(300_000);
  });

  test("the tool's denied result, with nobody's answer sent, is the server's silent timeout", () => {
    expect(of(events, 'gate.resolved')).toEqual([expect.objectContaining({ gateId: 'confirm_1a2b3c4d_send_email', decision: 'rejected', cause: 'timeout' })]);
    expect(of(events, 'run.completed')).toHaveLength(1);
  });

  test('an answer sent from here decides the gate; the result that follows changes nothing', () => {
    const frames = fixture('plain-tool-agent');
    const answered = read([...frames.slice(0, 7), own({ event: 'user.response', step_id: 'confirm_1a2b3c4d_send_email', content: { confirmed: false } }), ...frames.slice(7)]);
    expect(of(answered, 'gate.resolved')).toEqual([expect.objectContaining({ decision: 'rejected', cause: 'decision' })]);
  });
});

describe('a plan/solve pipeline with statistics, as the shipped server sends it', () => {
  const events = read(fixture('plan-solve-statistics'));

  test('solver events find their task in content.task.id alone', () => {
    expect(of(events, 'node.started').map((e) => e.nodeId)).toEqual(['1', '2']);
    expect(of(events, 'node.completed').map((e) => e.nodeId)).toEqual(['1', '2']);
  });

  test('tokens: the plan and each task on their own, and the run total equals pipeline.completed statistics, nothing twice', () => {
    const costs = of(events, 'cost.recorded');
    expect(costs.map((c) => [c.nodeId, c.inputTokens, c.outputTokens])).toEqual([
      [undefined, 1200, 300],
      ['1', 900, 200],
      ['2', 700, 100],
    ]);
    expect(costs.every((c) => c.micros === 0)).toBe(true);
  });

  test('a server that adds cost_usd beside the statistics gets one record per task, with money, tokens and model', () => {
    const frames = fixture('plan-solve-statistics').map((f) => {
      const frame = f as { event: string; metadata: Record<string, unknown> };
      return frame.event === 'solver.completed' ? { ...frame, metadata: { ...frame.metadata, cost_usd: 0.0021 } } : frame;
    });
    const tasks = of(read(frames), 'cost.recorded').filter((c) => c.nodeId !== undefined);
    expect(tasks.map((c) => [c.nodeId, c.micros, c.inputTokens, c.model])).toEqual([
      ['1', 2100, 900, 'gpt-4o-mini'],
      ['2', 2100, 700, 'gpt-4o-mini'],
    ]);
  });

  test('the closing statistics book what a reconnect missed (here: the plan)', () => {
    const frames = fixture('plan-solve-statistics').filter((f) => (f as { event: string }).event !== 'plan.completed');
    const costs = of(read(frames), 'cost.recorded');
    expect(costs.map((c) => [c.nodeId, c.inputTokens, c.outputTokens])).toEqual([
      ['1', 900, 200],
      ['2', 700, 100],
      [undefined, 1200, 300],
    ]);
  });

  test('the plan confirmation waits about 600 s (set in the shipped servers, not sent)', () => {
    const [gate] = of(events, 'gate.opened');
    expect(gate).toMatchObject({ gateId: 'confirm_plan_9f8e7d6c', deadlineEstimated: true });
    expect((gate?.deadlineAtMs ?? 0) - Date.parse('2025-10-18T17:50:09.123')).toBe(600_000);
  });

  test("a plain agent's final answer with metadata.total_tokens books them (no split)", () => {
    const answer = { event: 'agent.final_answer', session_id: 'S', timestamp: '2025-10-18T17:50:09.123456', content: 'Paris', metadata: { total_tokens: 1234 }, seq: 1 };
    expect(of(read([answer]), 'cost.recorded')).toEqual([expect.objectContaining({ unsplitTokens: 1234, micros: 0 })]);
  });
});

describe('a resume the server refuses ends the run with the reason', () => {
  const reconnect = own({ event: 'user.reconnect_with_state', session_id: 'S', signed_state: { state: {} }, content: {} });

  test('"Session already active on another connection": this tab cannot follow the run', () => {
    const ends = read(fixture('reconnect-refused-active'), [reconnect]).filter((e) => e.type.startsWith('run.'));
    expect(ends).toEqual([expect.objectContaining({ type: 'run.failed', error: expect.objectContaining({ code: 'resume_refused', message: expect.stringContaining('Session already active on another connection') }) })]);
  });

  test('"Invalid state: …": the disconnect cancelled the run, and it cannot be resumed', () => {
    const ends = read(fixture('reconnect-refused-invalid'), [reconnect]).filter((e) => e.type.startsWith('run.'));
    expect(ends).toEqual([expect.objectContaining({ type: 'run.cancelled', reason: expect.stringContaining('Invalid state: Invalid state signature') })]);
  });

  test('the same errors with no resume pending are only log rows', () => {
    expect(read(fixture('reconnect-refused-active')).filter((e) => e.type.startsWith('run.'))).toEqual([]);
  });
});
