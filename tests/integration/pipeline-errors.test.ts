/**
 * Unexpected errors in the pipeline are caught, shown, and the stream continues: a dialect
 * whose decoder throws on some frames (the real relavium dialect, wrapped) and a store
 * action that throws once. Each becomes a diagnostics issue ("decoder error: …" /
 * "internal error: …") and the frames after it are still applied.
 */
import { describe, expect, test } from 'vitest';

import { createIngest } from '@/ingest/create-ingest';
import { FrameLog } from '@/ingest/frame-log';
import { flushNow } from '@/ingest/frame-scheduler';
import type { Dialect } from '@/protocol/dialect';
import { relaviumDialect } from '@/protocol/relavium/relavium-dialect';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore } from '@/stores/run-store';

const sse = (seq: number, body: Record<string, unknown>) => ({
  id: String(seq),
  data: { runId: 'r', timestamp: '2026-11-22T00:00:00Z', sequenceNumber: seq, ...body },
});

/** The real relavium dialect, except that its decoder has a bug on frames marked `boom`. */
const buggyDialect: Dialect = {
  ...relaviumDialect,
  createDecoder(context) {
    const decode = relaviumDialect.createDecoder(context);
    return (frame) => {
      const data = (frame as { data?: { boom?: boolean; memo?: boolean } }).data;
      if (data?.boom) throw new TypeError('x.map is not a function');
      const result = decode(frame);
      return data?.memo && result.kind === 'events' ? { ...result, memo: { seen: true } } : result;
    };
  },
};

function pipeline(onMemo?: () => void) {
  const clock = { t: 0 };
  const run = createRunStore({ runId: 'r', dialect: 'relavium', source: 'test' });
  const nodeStatus = createNodeStatusStore();
  const frames = new FrameLog({ runboard: 1, dialect: 'relavium', transport: 'sse', source: 'test', startedAt: '' }, 0);
  const ingest = createIngest({ dialect: buggyDialect, run, nodeStatus, frames, schedule: flushNow, runId: 'r', now: () => clock.t, manualExpiry: true, ...(onMemo ? { onMemo } : {}) });
  return { run, nodeStatus, ingest, clock };
}

/** Makes the run store's applyEvents throw on its next call only (a reducer bug). */
function breakApplyOnce(run: ReturnType<typeof createRunStore>) {
  const actions = run.getState().actions;
  let armed = true;
  run.setState({
    actions: {
      ...actions,
      applyEvents: (events) => {
        if (armed) {
          armed = false;
          throw new RangeError('reducer bug');
        }
        actions.applyEvents(events);
      },
    },
  });
}

describe('pipeline errors', () => {
  test('a decoder that throws quarantines the frame with "decoder error" and later frames apply', () => {
    const { run, nodeStatus, ingest, clock } = pipeline();
    ingest.acceptFrame(sse(0, { type: 'run:started', workflowId: 'wf', inputs: {} }));
    ingest.acceptFrame(sse(1, { type: 'node:started', nodeId: 'a', nodeType: 'agent', boom: true }));
    ingest.acceptFrame(sse(2, { type: 'node:started', nodeId: 'b', nodeType: 'agent' }));
    ingest.acceptFrame(sse(3, { type: 'node:completed', nodeId: 'b', output: 1, tokensUsed: { input: 0, output: 0 }, durationMs: 5 }));
    // The frame that threw lost its seq with it: a real hole, held for the reorder grace, then passed.
    clock.t += 1_000;
    ingest.expireHeld();

    const state = run.getState();
    expect(state.issues).toHaveLength(1);
    expect(state.issues[0]).toMatchObject({ frame: 1, reason: 'decoder error: x.map is not a function' });
    expect(nodeStatus.getState().byId.b?.status).toBe('succeeded');
    expect(state.stats.rejected).toBe(1);
  });

  test('a store action that throws once records "internal error" and the stream goes on', () => {
    const { run, nodeStatus, ingest } = pipeline();
    ingest.acceptFrame(sse(0, { type: 'run:started', workflowId: 'wf', inputs: {} }));
    breakApplyOnce(run);
    ingest.acceptFrame(sse(1, { type: 'node:started', nodeId: 'a', nodeType: 'agent' }));
    ingest.acceptFrame(sse(2, { type: 'node:started', nodeId: 'b', nodeType: 'agent' }));
    ingest.acceptFrame(sse(3, { type: 'node:completed', nodeId: 'b', output: 1, tokensUsed: { input: 0, output: 0 }, durationMs: 5 }));
    ingest.acceptFrame(sse(4, { type: 'run:completed', outputs: {}, totalCostMicrocents: 0, durationMs: 9 }));

    const state = run.getState();
    expect(state.issues.map((issue) => issue.reason)).toEqual(['internal error: RangeError: reducer bug']);
    expect(nodeStatus.getState().byId.b?.status).toBe('succeeded');
    expect(state.status).toBe('succeeded');
  });

  test('a throw past the decoder (a memo reaction bug) records "internal error" and later frames apply', () => {
    const { run, nodeStatus, ingest, clock } = pipeline(() => {
      throw new Error('reaction bug');
    });
    ingest.acceptFrame(sse(0, { type: 'run:started', workflowId: 'wf', inputs: {} }));
    expect(() => ingest.acceptFrame(sse(1, { type: 'node:started', nodeId: 'a', nodeType: 'agent', memo: true }))).not.toThrow();
    ingest.acceptFrame(sse(2, { type: 'node:started', nodeId: 'b', nodeType: 'agent' }));
    ingest.acceptFrame(sse(3, { type: 'node:completed', nodeId: 'b', output: 1, tokensUsed: { input: 0, output: 0 }, durationMs: 5 }));
    // The frame whose handling threw never reached the sequencer: a hole, passed after the grace.
    clock.t += 1_000;
    ingest.expireHeld();

    expect(run.getState().issues.map((issue) => issue.reason)).toEqual(['internal error: Error: reaction bug']);
    expect(nodeStatus.getState().byId.b?.status).toBe('succeeded');
  });
});
