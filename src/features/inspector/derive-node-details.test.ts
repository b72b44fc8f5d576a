import { describe, expect, it } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';

import { makeSession } from '../../../tests/integration/make-session';

import { deriveNodeDetails, MAX_TEXT_CHARS } from '@/features/inspector/derive-node-details';

/** The run state after one batch, with the session's event log beside it. */
function runWith(events: RunEvent[]) {
  const session = makeSession('r');
  session.apply(events);
  return { ...session.run.getState(), log: session.log };
}

describe('deriveNodeDetails', () => {
  it('collects output, text, paired tool calls, logs, errors, retries, gates and frames of one node', () => {
    const s = runWith([
      { type: 'node.started', nodeId: 'a', frame: 0 },
      { type: 'node.output', nodeId: 'a', delta: 'Hel', frame: 1 },
      { type: 'tool.called', nodeId: 'b', tool: 'x' },
      { type: 'tool.called', nodeId: 'a', tool: 'search', callId: 'c1', args: { q: 1 }, frame: 3 },
      { type: 'tool.called', nodeId: 'a', tool: 'fetch', args: 'u', frame: 4 },
      { type: 'tool.result', nodeId: 'a', tool: 'fetch', ok: false, result: 'timeout', frame: 5 },
      { type: 'tool.result', nodeId: 'a', tool: 'search', callId: 'c1', ok: true, result: ['r'], durationMs: 12, frame: 6 },
      { type: 'node.output', nodeId: 'a', delta: 'lo' },
      { type: 'log', level: 'warn', nodeId: 'a', message: 'slow' },
      { type: 'node.retrying', nodeId: 'a', attempt: 1, delayMs: 100, error: { message: 'flaky', code: 'E1' } },
      { type: 'gate.opened', gateId: 'g', nodeId: 'a', kind: 'approval', message: 'Ship?', requester: 'agent', options: [], atMs: 5 },
      { type: 'gate.resolved', gateId: 'g', nodeId: 'a', decision: 'approve', decidedBy: 'ana', atMs: 9 },
      { type: 'node.completed', nodeId: 'a', output: { answer: 42 } },
    ]);
    const d = deriveNodeDetails(s.log, s.log.rowsOfNode('a'));
    expect(d.output).toEqual({ answer: 42 });
    expect(d.text).toBe('Hello');
    expect(d.toolCalls).toEqual([
      { row: 3, tool: 'search', callId: 'c1', args: { q: 1 }, result: ['r'], ok: true, durationMs: 12, done: true },
      { row: 4, tool: 'fetch', callId: undefined, args: 'u', result: 'timeout', ok: false, durationMs: undefined, done: true },
    ]);
    expect(d.logs.map((l) => l.message)).toEqual(['slow']);
    expect(d.retries).toEqual([{ row: 9, attempt: 1, delayMs: 100, error: { message: 'flaky', code: 'E1' } }]);
    expect(d.errors.map((e) => e.error.code)).toEqual(['E1']);
    expect(d.gates.map((g) => [g.action, g.what, g.who])).toEqual([
      ['opened', 'Ship?', 'agent'],
      ['resolved', 'approve', 'ana'],
    ]);
    expect(d.frames.map((f) => f.frame)).toEqual([0, 1, 3, 4, 5, 6]);
  });

  it('bounds streamed text to its tail', () => {
    const chunk = 'x'.repeat(1_900);
    const events: RunEvent[] = [];
    for (let i = 0; i < 40; i++) events.push({ type: 'node.output', nodeId: 'a', delta: chunk }, { type: 'metric', name: 'm', value: i, nodeId: 'a' });
    events.push({ type: 'node.output', nodeId: 'a', delta: 'END' });
    const s = runWith(events);
    const d = deriveNodeDetails(s.log, s.log.rowsOfNode('a'));
    expect(d.textTruncated).toBe(true);
    expect(d.text).toHaveLength(MAX_TEXT_CHARS);
    expect(d.text.endsWith('END')).toBe(true);
  });
});
