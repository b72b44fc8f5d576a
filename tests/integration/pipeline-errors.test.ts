/**
 * Unexpected errors in the pipeline are caught, shown, and the stream continues: a dialect
 * whose interpreter throws on some frames (the real relavium dialect, wrapped), a session
 * reaction that throws, and a store action that throws once. Each becomes a diagnostics
 * issue ("interpreter error: …" / "internal error: …") and the frames after it still apply.
 */
import { describe, expect, test } from 'vitest';

import { createIngest, type IngestAction } from '@/ingest/create-ingest';
import { driveIngest } from '@/ingest/drive-ingest';
import { FrameLog } from '@/ingest/frame-log';
import { paintAtOnce } from '@/ingest/paint-schedule';
import type { Dialect } from '@/protocol/dialect';
import { relaviumDialect } from '@/protocol/relavium/relavium-dialect';
import { EventLog } from '@/stores/event-log';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore, type RunStore } from '@/stores/run-store';
import { nodeRecord } from '@/stores/node-map';

const sse = (seq: number, body: Record<string, unknown>) => ({
  id: String(seq),
  data: { runId: 'r', timestamp: '2026-11-22T00:00:00Z', sequenceNumber: seq, ...body },
});

/** The real relavium dialect, except that its interpreter has a bug on events marked `boom`, and `memo` ones carry a memo. */
const buggyDialect: Dialect = {
  ...relaviumDialect,
  createInterpreter(ctx) {
    const interpret = relaviumDialect.createInterpreter(ctx);
    return (frame) => {
      const body = frame.body as { boom?: boolean; memo?: boolean };
      if (body.boom) throw new TypeError('x.map is not a function');
      const result = interpret(frame);
      return body.memo && result.kind === 'events' ? { ...result, memo: { seen: true } } : result;
    };
  },
};

/** The live driver over real stores, flushing synchronously. */
function pipeline(onAction?: (action: IngestAction) => void) {
  const target = { log: new EventLog(), run: createRunStore({ runId: 'r', dialect: 'relavium', source: 'test' }), nodeStatus: createNodeStatusStore() };
  const ingest = createIngest({ dialect: buggyDialect, runId: 'r', now: () => 0, ...(onAction ? { onAction } : {}) });
  const frames = new FrameLog({ runboard: 1, dialect: 'relavium', transport: 'sse', source: 'test', startedAt: '' }, 0);
  const driver = driveIngest({ ingest, target, frames, schedule: paintAtOnce, now: () => 0 });
  return { ...target, driver };
}

/** Makes the run store's applyBatch throw on its next call only (a reducer bug). */
function breakApplyOnce(run: RunStore) {
  const actions = run.getState().actions;
  let armed = true;
  run.setState({
    actions: {
      ...actions,
      applyBatch: (batch) => {
        if (armed) {
          armed = false;
          throw new RangeError('reducer bug');
        }
        actions.applyBatch(batch);
      },
    },
  });
}

const completed = (seq: number, nodeId: string) => sse(seq, { type: 'node:completed', nodeId, output: 1, tokensUsed: { input: 0, output: 0 }, durationMs: 5 });

describe('pipeline errors', () => {
  test('an interpreter that throws quarantines the frame with "interpreter error"; its seq is kept, so no hole opens, and later frames apply', () => {
    const { run, nodeStatus, driver } = pipeline();
    driver.receive(sse(0, { type: 'run:started', workflowId: 'wf', inputs: {} }));
    driver.receive(sse(1, { type: 'node:started', nodeId: 'a', nodeType: 'agent', boom: true }));
    driver.receive(sse(2, { type: 'node:started', nodeId: 'b', nodeType: 'agent' }));
    driver.receive(completed(3, 'b'));
    driver.dispose();

    const state = run.getState();
    expect(state.issues).toHaveLength(1);
    expect(state.issues[0]).toMatchObject({ frame: 1, reason: 'interpreter error: x.map is not a function' });
    expect(nodeRecord(nodeStatus.getState().byId).b?.status).toBe('succeeded');
    expect(state.stats).toMatchObject({ rejected: 1, gaps: 0 });
  });

  test('a store action that throws once records "internal error" and the stream goes on', () => {
    const { run, nodeStatus, driver } = pipeline();
    driver.receive(sse(0, { type: 'run:started', workflowId: 'wf', inputs: {} }));
    breakApplyOnce(run);
    driver.receive(sse(1, { type: 'node:started', nodeId: 'a', nodeType: 'agent' }));
    driver.receive(sse(2, { type: 'node:started', nodeId: 'b', nodeType: 'agent' }));
    driver.receive(completed(3, 'b'));
    driver.receive(sse(4, { type: 'run:completed', outputs: {}, totalCostMicrocents: 0, durationMs: 9 }));
    driver.dispose();

    const state = run.getState();
    expect(state.issues.map((issue) => issue.reason)).toEqual(['internal error: reducer bug']);
    expect(nodeRecord(nodeStatus.getState().byId).b?.status).toBe('succeeded');
    expect(state.status).toBe('succeeded');
  });

  test('a session reaction that throws (a memo bug) records "internal error", and its frame and the later ones still apply', () => {
    const { run, nodeStatus, driver } = pipeline((action) => {
      if (action.kind === 'memo') throw new Error('reaction bug');
    });
    driver.receive(sse(0, { type: 'run:started', workflowId: 'wf', inputs: {} }));
    expect(() => driver.receive(sse(1, { type: 'node:started', nodeId: 'a', nodeType: 'agent', memo: true }))).not.toThrow();
    driver.receive(sse(2, { type: 'node:started', nodeId: 'b', nodeType: 'agent' }));
    driver.receive(completed(3, 'b'));
    driver.dispose();

    expect(run.getState().issues.map((issue) => issue.reason)).toEqual(['internal error: reaction bug']);
    expect(nodeRecord(nodeStatus.getState().byId).a?.status).toBe('running');
    expect(nodeRecord(nodeStatus.getState().byId).b?.status).toBe('succeeded');
  });
});
