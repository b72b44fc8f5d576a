import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';

import { aguiDialect, buildRunInput } from '@/protocol/agui/agui-dialect';
import { CANCEL_OPTION, RESOLVE_OPTION } from '@/protocol/agui/agui-lifecycle';
import { isUnavailable, type OutboundCommand } from '@/protocol/dialect';

const gate = { gateId: 'i1', kind: 'interrupt', runId: 'thread-1' };
const bodyOf = (commands: OutboundCommand[] | { unavailable: string }) => {
  if (isUnavailable(commands) || commands[0]?.via !== 'run') throw new Error('expected one run command');
  return commands[0].body as Record<string, unknown>;
};

describe('agui dialect', () => {
  it('posts to the endpoint exactly as given (no path appended), with a bearer header', () => {
    for (const url of ['http://h:1/api/agent', 'https://agents.example.com/copilotkit/research?tenant=7', 'http://h:1/']) {
      expect(aguiDialect.connect({ baseUrl: url, runId: 'x', token: 'tk' })).toMatchObject({ kind: 'post-sse', url, headers: { authorization: 'Bearer tk' }, body: {} });
    }
  });

  it('posts the first run itself when the connection starts the run', () => {
    const plan = aguiDialect.connect({ baseUrl: 'http://h:1/api', runId: 'thread-1', start: 'Research the market' });
    if (plan.kind !== 'post-sse') throw new Error('expected a post-sse plan');
    expect(RunAgentInputSchema.safeParse(plan.body).success).toBe(true);
    expect(plan.body).toMatchObject({ threadId: 'thread-1', messages: [{ role: 'user', content: 'Research the market' }] });
  });

  it('starts a run with a RunAgentInput the real 1.0 schema accepts', () => {
    const body = bodyOf(aguiDialect.startRun!('Research the market', 'thread-1'));
    expect(RunAgentInputSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ threadId: 'thread-1', messages: [{ role: 'user', content: 'Research the market' }], tools: [], context: [], state: {}, forwardedProps: {} });
    expect(body.runId).toEqual(expect.any(String));
    expect(body.resume).toBeUndefined();
  });

  it('answers a gate with a new run on the same thread carrying one resume entry', () => {
    const resolved = bodyOf(aguiDialect.answerGate(gate, { option: RESOLVE_OPTION, text: 'ship it', decidedBy: 'me' }, {}));
    expect(RunAgentInputSchema.safeParse(resolved).success).toBe(true);
    expect(resolved).toMatchObject({ threadId: 'thread-1', messages: [], resume: [{ interruptId: 'i1', status: 'resolved', payload: 'ship it' }] });
    const cancelled = bodyOf(aguiDialect.answerGate(gate, { option: CANCEL_OPTION, text: 'no', decidedBy: 'me' }, {}));
    expect(cancelled.resume).toEqual([{ interruptId: 'i1', status: 'cancelled' }]);
    const edits = bodyOf(aguiDialect.answerGate(gate, { edits: { x: 1 }, decidedBy: 'me' }, {}));
    expect(edits.resume).toEqual([{ interruptId: 'i1', status: 'resolved', payload: { x: 1 } }]);
    expect(edits.runId).not.toEqual(resolved.runId);
  });

  it('has no control channel and nothing to refill or snapshot: a dropped stream is reported', () => {
    for (const action of ['cancel', 'pause', 'resume'] as const) {
      const result = aguiDialect.control(action, 'thread-1', undefined);
      expect(isUnavailable(result) && result.unavailable.length > 10).toBe(true);
    }
    expect(aguiDialect.refill).toBeUndefined();
    expect(aguiDialect.snapshot).toBeUndefined();
    expect(aguiDialect.recovery).toMatchObject({ ordering: { by: 'arrival' }, refill: [], drop: 'report' });
    expect(aguiDialect.onOpen({ runId: 't', cursor: undefined, start: 'go', reconnect: false, memo: {} })).toEqual([]);
  });

  it('buildRunInput is pure and adds resume only when given', () => {
    expect(buildRunInput({ threadId: 't', runId: 'r' })).toEqual({ threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: {}, forwardedProps: {} });
  });
});
