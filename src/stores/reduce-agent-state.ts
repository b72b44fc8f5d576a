/**
 * The run store's agent-state slice: `state.snapshot` replaces it, `state.delta` applies a
 * JSON Patch to it (lib/apply-json-patch.ts, structural sharing, so a delta per token costs
 * the patched path, not a copy of the whole state). Pure; the previous slice is never
 * mutated, so replay snapshots (which keep RunState by reference) restore it as it was.
 *
 * A patch that cannot be applied leaves the last good state in place and records why
 * (`error`, plus a decode issue for the diagnostics panel): the panel never blanks.
 * Guarded by reduce-agent-state.test.ts.
 */
import { applyJsonPatch } from '@/lib/apply-json-patch';
import type { RunEventOf } from '@/protocol/run-event';

import type { AgentState, DecodeIssue } from '@/stores/run-types';

export const NO_AGENT_STATE: AgentState = { value: undefined, version: 0, lastPaths: [], lastRow: -1, failed: 0 };

export type AgentStateStep = Readonly<{ state: AgentState; issue?: DecodeIssue }>;

export function reduceAgentState(state: AgentState, event: RunEventOf<'state.snapshot'> | RunEventOf<'state.delta'>, row: number): AgentStateStep {
  if (event.type === 'state.snapshot') {
    return { state: { value: event.state, version: state.version + 1, lastPaths: [''], lastRow: row, failed: state.failed } };
  }
  const result = applyJsonPatch(state.value, event.ops);
  if (result.ok) {
    const next: AgentState = { ...state, value: result.doc, version: state.version + 1, lastPaths: event.ops.map((op) => op.path), lastRow: row };
    return { state: next };
  }
  const message = `state patch not applied, ${result.error}; the last good state is kept`;
  return {
    state: { ...state, error: { message, row }, failed: state.failed + 1 },
    issue: { frame: event.frame ?? -1, reason: message, frameType: 'state.delta', atMs: event.atMs ?? Date.now() },
  };
}
