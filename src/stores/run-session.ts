/**
 * RunSession: the stores of one live or replayed run, plus the narrow ports views need
 * (send a dialect command, read a raw frame). Created only by app/; provided through
 * context; read with `useRunSession()`, which throws outside a provider.
 */
import { createContext, useContext } from 'react';

import type { Dialect, OutboundCommand } from '@/protocol/dialect';

import type { GateAnswerStore } from '@/stores/gate-answer-store';
import type { NodeStatusStore } from '@/stores/node-status-store';
import type { RunStore } from '@/stores/run-store';

export type CommandResult =
  | { ok: true }
  | { ok: false; status?: number; reason: string };

export type SessionMode = 'live' | 'replay';

/** A person's action as the audit trail records it: what was done, by whom, about which node. */
export type AuditNote = Readonly<{ message: string; nodeId?: string }>;

export type RunSession = Readonly<{
  runId: string;
  mode: SessionMode;
  dialect: Dialect;
  run: RunStore;
  nodeStatus: NodeStatusStore;
  answers: GateAnswerStore;
  /**
   * Sends commands in order, once each; resolves with the first failure or ok. `audit`
   * (who did what, in words) becomes a timeline row once the commands went out.
   */
  send: (commands: readonly OutboundCommand[], audit?: AuditNote) => Promise<CommandResult>;
  /** Protocol memo (state exports, ids) the dialect needs for its commands. */
  memo: () => Readonly<Record<string, unknown>>;
  /** The raw frame behind an event (recording line), when still held. */
  frameAt: (index: number) => unknown;
  /** The session's recording as JSON Lines (secrets removed). */
  exportRecording: () => string;
  /** Live recordings are bounded: how many lines were dropped and the most kept (diagnostics states it). */
  recordingBound?: () => Readonly<{ droppedLines: number; maxLines: number }>;
}>;

export const RunSessionContext = createContext<RunSession | null>(null);

export function useRunSession(): RunSession {
  const session = useContext(RunSessionContext);
  if (!session) throw new Error('useRunSession must be used inside <RunSessionContext.Provider>');
  return session;
}
