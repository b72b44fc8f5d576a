/**
 * Bad input loses nothing: a malformed frame, an unknown event type and a frame that is not
 * JSON go to the diagnostics list (or the raw log) with a reason, and every other event of
 * the run is still applied — through the same ingest path a live stream uses.
 */
import { describe, expect, test } from 'vitest';

import { createSyncPipeline } from '@/ingest/sync-pipeline';
import { relaviumDialect } from '@/protocol/relavium/relavium-dialect';
import { nodeRecord } from '@/stores/node-map';

const sse = (seq: number, body: Record<string, unknown>) => ({
  id: String(seq),
  data: { runId: 'r', timestamp: '2026-11-22T00:00:00Z', sequenceNumber: seq, ...body },
});


describe('bad frames', () => {
  test('are quarantined with reasons while the run goes on to the end', () => {
    const p = createSyncPipeline(relaviumDialect, 'r');
    const { run, nodeStatus, frames, log } = p;
    p.receive(sse(0, { type: 'run:started', workflowId: 'wf', inputs: {} }));
    p.receive(sse(1, { type: 'node:started', nodeId: 'a', nodeType: 'agent' }));
    p.receive(sse(2, { type: 'node:started', nodeId: 42, nodeType: 'agent' })); // wrong type
    p.receive(sse(3, { type: 'iteration:started', nodeId: 'a' })); // a newer server's type
    p.receive({ data: 'this is { not json' }); // not JSON at all
    p.receive(sse(4, { type: 'node:completed', nodeId: 'a', output: 1, tokensUsed: { input: 0, output: 0 }, durationMs: 5 }));
    p.receive(sse(5, { type: 'run:completed', outputs: {}, totalCostMicrocents: 0, durationMs: 9 }));
    p.flush();

    const state = run.getState();
    expect(state.status).toBe('succeeded');
    expect(nodeRecord(nodeStatus.getState().byId).a?.status).toBe('succeeded');
    expect(state.issues.map((issue) => [issue.frame, issue.frameType])).toEqual([
      [2, 'node:started'],
      [4, undefined],
    ]);
    expect(state.issues[0]?.reason).toMatch(/nodeId/);
    expect(state.issues[1]?.reason).toMatch(/not a relavium event/);
    expect(frames.frameAt(4)).toEqual({ data: 'this is { not json' });
    // the unknown type is kept as a raw row, counted, and takes its place in the order
    const types = Array.from({ length: state.logLength }, (_, i) => log.at(i)?.event.type);
    expect(types).toContain('raw');
    expect(state.stats).toMatchObject({ rejected: 2, unknown: 1, gaps: 0 });
  });
});
