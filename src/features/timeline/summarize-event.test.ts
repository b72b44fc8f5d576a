import { describe, expect, it } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';

import { summarizeEvent } from '@/features/timeline/summarize-event';

describe('summarizeEvent', () => {
  const cases: [RunEvent, string][] = [
    [{ type: 'run.started', title: 'Nightly build' }, 'Run started: Nightly build'],
    [{ type: 'node.started', nodeId: 'a', label: 'Planner', attempt: 2 }, 'Started Planner (attempt 2)'],
    [{ type: 'node.failed', nodeId: 'a', error: { message: 'boom', code: 'E_TIMEOUT' } }, 'Failed: E_TIMEOUT: boom'],
    [{ type: 'node.retrying', nodeId: 'a', attempt: 1, delayMs: 1500 }, 'Attempt 1 failed, retrying in 1.5 s'],
    [{ type: 'node.progress', nodeId: 'a', progress: 0.42, message: 'crawling' }, 'Progress 42%: crawling'],
    [{ type: 'tool.called', nodeId: 'a', tool: 'search', args: { q: 'cats' } }, 'Called search {"q":"cats"}'],
    [{ type: 'tool.result', tool: 'search', ok: false, result: 'timeout' }, 'search failed: timeout'],
    [
      { type: 'cost.recorded', micros: 1230, currency: 'USD', model: 'gpt-x', inputTokens: 10, outputTokens: 5 },
      '$0.00123 on gpt-x (10 in / 5 out tokens)',
    ],
    [{ type: 'gate.opened', gateId: 'g', kind: 'approval', message: 'Deploy?', options: [] }, 'Approval requested: Deploy?'],
    [{ type: 'gate.resolved', gateId: 'g', decision: 'approve', decidedBy: 'ana' }, 'Gate decided: approve by ana'],
    [{ type: 'gate.resolved', gateId: 'g', decision: 'reject', cause: 'timeout' }, 'Gate timed out: reject'],
    [{ type: 'gate.resolved', gateId: 'g', decision: 'resolved', payload: { approved: false } }, 'Gate decided: resolved with {"approved":false}'],
    [{ type: 'graph.defined', nodes: [{ id: 'a', label: 'A' }], edges: [] }, 'Graph defined: 1 node, 0 edges'],
    [{ type: 'raw', frameType: 'brand_new', unknown: true }, 'Unknown frame brand_new'],
    [{ type: 'metric', name: 'latency', value: 12, unit: 'ms' }, 'latency = 12 ms'],
    [{ type: 'chapter.started', chapterId: 'c1', title: 'Research' }, 'Chapter: Research'],
  ];
  it.each(cases)('summarizes %j', (event, expected) => {
    expect(summarizeEvent(event)).toBe(expected);
  });

  it('flattens multi-line text to one line and bounds its length', () => {
    const text = summarizeEvent({ type: 'node.output', nodeId: 'a', delta: `line one\nline two ${'x'.repeat(500)}` });
    expect(text.startsWith('line one line two')).toBe(true);
    expect(text).not.toContain('\n');
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('…')).toBe(true);
  });

  it('never shows a secret in a preview', () => {
    const text = summarizeEvent({ type: 'tool.called', tool: 'http', args: { token: { secret: true, ref: 'API_KEY' } } });
    expect(text).toBe('Called http {"token":"[redacted secret]"}');
  });

  it('names a decided gate by the decider it is given (our own answers by the one rule), not the wire name', () => {
    const event: RunEvent = { type: 'gate.resolved', gateId: 'g', decision: 'approved', decidedBy: 'runboard-user', cause: 'decision' };
    expect(summarizeEvent(event, 'you, from this browser')).toBe('Gate decided: approved by you, from this browser');
    expect(summarizeEvent({ ...event, decidedBy: undefined }, 'Alice')).toBe('Gate decided: approved by Alice');
  });
});
