import { describe, expect, it } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { EventLog } from '@/stores/event-log';
import { CallProjection } from '@/stores/llm-calls';

function logOf(events: RunEvent[]): EventLog {
  const log = new EventLog();
  log.appendAll(events, -1);
  return log;
}

describe('CallProjection', () => {
  it('joins a prompt, its response and the usage of the same frame into one call', () => {
    const calls = new CallProjection().advance(
      logOf([
        { type: 'llm.text', role: 'prompt', nodeId: 'a', text: 'Summarise <b>this</b>', frame: 1, atMs: 1000 },
        { type: 'llm.text', role: 'response', nodeId: 'a', text: 'Done', model: 'gpt-5-mini', durationMs: 840, frame: 4, atMs: 2000 },
        { type: 'cost.recorded', nodeId: 'a', model: 'gpt-5-mini', inputTokens: 120, outputTokens: 30, micros: 4200, currency: 'USD', frame: 4 },
      ]),
    );
    expect(calls).toEqual([
      expect.objectContaining({ nodeId: 'a', model: 'gpt-5-mini', prompt: 'Summarise <b>this</b>', response: 'Done', inputTokens: 120, outputTokens: 30, micros: 4200, latencyMs: 840, latency: 'stated' }),
    ]);
  });

  it('measures latency from prompt to response only with producer times', () => {
    const stated = new CallProjection().advance(
      logOf([
        { type: 'llm.text', role: 'prompt', text: 'hi', atMs: 1000 },
        { type: 'llm.text', role: 'response', nodeId: 'assistant', text: 'hello', atMs: 1600 },
      ]),
    );
    expect(stated[0]).toMatchObject({ nodeId: 'assistant', latencyMs: 600, latency: 'measured' });
    const received = new CallProjection().advance(
      logOf([
        { type: 'llm.text', role: 'prompt', text: 'hi', atMs: 1000, receivedTime: true },
        { type: 'llm.text', role: 'response', text: 'hello', atMs: 1600, receivedTime: true },
      ]),
    );
    expect(received[0]?.latencyMs).toBeUndefined();
  });

  it('makes a usage-only call of a cost point from another frame, and skips totals without model or tokens', () => {
    const calls = new CallProjection().advance(
      logOf([
        { type: 'llm.text', role: 'response', nodeId: 'a', text: 'x', frame: 1 },
        { type: 'cost.recorded', nodeId: 'b', model: 'claude', inputTokens: 5, outputTokens: 6, micros: 10, currency: 'USD', frame: 2 },
        { type: 'cost.recorded', nodeId: 'a', micros: 99, currency: 'USD', frame: 3 },
        { type: 'cost.recorded', nodeId: 'c', model: 'm', inputTokens: 7, micros: 0, currency: 'USD', frame: 4 },
      ]),
    );
    expect(calls.map((c) => [c.nodeId, c.model, c.micros])).toEqual([['a', undefined, undefined], ['b', 'claude', 10], ['c', 'm', undefined]]);
  });

  it('reads only new rows, and starts over when the log is rewound', () => {
    const projection = new CallProjection();
    const log = logOf([{ type: 'llm.text', role: 'prompt', nodeId: 'a', text: 'p' }]);
    const first = projection.advance(log);
    expect(projection.advance(log)).toBe(first);
    log.append({ type: 'llm.text', role: 'reasoning', nodeId: 'a', text: 'hmm' }, -1);
    log.append({ type: 'llm.text', role: 'response', nodeId: 'a', text: 'r' }, -1);
    expect(projection.advance(log)).toEqual([expect.objectContaining({ prompt: 'p', reasoning: 'hmm', response: 'r' })]);
    expect(projection.advance(logOf([]))).toEqual([]);
  });
});

describe('CallProjection: usage after the answer', () => {
  it('a later cost point of the node is the usage of its answered call (AG-UI CUSTOM usage)', () => {
    const calls = new CallProjection().advance(
      logOf([
        { type: 'llm.text', role: 'prompt', text: 'go', frame: 0 },
        { type: 'llm.text', role: 'response', nodeId: 'plan', text: 'planned', frame: 3 },
        { type: 'cost.recorded', nodeId: 'plan', model: 'gpt-4o-mini', inputTokens: 4, outputTokens: 5, micros: 21, currency: 'USD', frame: 5 },
        { type: 'cost.recorded', nodeId: 'plan', model: 'gpt-4o-mini', inputTokens: 1, outputTokens: 1, micros: 2, currency: 'USD', frame: 6 },
      ]),
    );
    expect(calls).toEqual([
      expect.objectContaining({ prompt: 'go', response: 'planned', micros: 21, inputTokens: 4 }),
      expect.not.objectContaining({ response: expect.anything() }),
    ]);
  });
});
