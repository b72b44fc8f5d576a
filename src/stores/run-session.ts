/**
 * RunSession: the stores of one live or replayed run, the event log beside them, and the
 * narrow ports views need — bound commands (answer a gate, control the run) and raw frames.
 * Created only by app/session/; provided through context; read with `useRunSession()`,
 * which throws outside a provider. Views never see a protocol memo or build a command: the
 * session binds them to its dialect, its run id and its memo.
 */
import { createContext, useContext } from 'react';

import type { Dialect, GateAnswer, GateRef, RunAction } from '@/protocol/dialect';

import type { EventLog } from '@/stores/event-log';
import type { GateAnswerStore } from '@/stores/gate-answer-store';
import type { NodeStatusStore } from '@/stores/node-status-store';
import type { RunStore } from '@/stores/run-store';

export type CommandResult =
  | { ok: true }
  | { ok: false; status?: number; reason: string };

export type SessionMode = 'live' | 'replay';

/** A person's action as the audit trail records it: what was done, by whom, about which node. */
export type AuditNote = Readonly<{ message: string; nodeId?: string }>;

/** What views may know of the dialect: its name and what it can do, not how it speaks. */
export type DialectInfo = Pick<Dialect, 'id' | 'label' | 'capabilities'>;

export type RunSession = Readonly<{
  runId: string;
  mode: SessionMode;
  dialect: DialectInfo;
  /** The canonical event log (append-only, shared by reference); `run.logLength` is its version. */
  log: EventLog;
  run: RunStore;
  nodeStatus: NodeStatusStore;
  answers: GateAnswerStore;
  /** Sends the dialect's answer to a gate, once; the audit note becomes a timeline row. */
  answerGate: (gate: GateRef, answer: GateAnswer, audit: AuditNote) => Promise<CommandResult>;
  /** Cancel, pause or resume, where the dialect can. */
  control: (action: RunAction, reason: string | undefined, audit: AuditNote) => Promise<CommandResult>;
  /** The raw frame behind an event (recording line), when still held. */
  frameAt: (index: number) => unknown;
  /** The session's recording as JSON Lines (secrets removed). */
  exportRecording: () => string;
  /** Live recordings are bounded: how many lines were dropped, the most lines and frame bytes kept (diagnostics states it). */
  recordingBound?: () => RecordingBound;
}>;

export type RecordingBound = Readonly<{ droppedLines: number; maxLines: number; maxBytes: number }>;

export const RunSessionContext = createContext<RunSession | null>(null);

export function useRunSession(): RunSession {
  const session = useContext(RunSessionContext);
  if (!session) throw new Error('useRunSession must be used inside <RunSessionContext.Provider>');
  return session;
}
