/**
 * Shannon's streaming.Event as the Go server marshals it: the field order of the struct, empty
 * fields omitted as `omitempty` does, every event the next seq of the workflow (token deltas
 * included), and a Redis-style stream id `<ms>-<n>` that grows strictly.
 */
import type { Emit } from '@/simulator/backends/shannon-hitl-encoder';

export function createShannonEmitter(): Emit {
  let seq = 0;
  let lastMs = 0;
  let idInMs = 0;
  /** `<ms>-<n>`, n counting within one millisecond. */
  const nextId = (nowMs: number): string => {
    if (nowMs > lastMs) {
      lastMs = nowMs;
      idInMs = 0;
    } else idInMs += 1;
    return `${lastMs}-${idInMs}`;
  };
  return (run, type, { agent, message, payload }) => {
    seq += 1;
    return {
      workflow_id: run.runId,
      type,
      ...(agent ? { agent_id: agent } : {}),
      ...(message ? { message } : {}),
      ...(payload ? { payload } : {}),
      timestamp: new Date(run.nowMs).toISOString(),
      seq,
      stream_id: nextId(run.nowMs),
    };
  };
}
