/**
 * Which run controls a run page offers, and which of them are live (pure; tested). A control
 * the run's state does not allow is never offered as live: a finished run has none; a paused
 * run offers Resume only where the protocol resumes on command (elsewhere the answer to the
 * waiting gate resumes it, so a Resume button would promise what it cannot do); a session that
 * cannot send (a watch, a connection closed by an error) shows each control unavailable, saying why.
 */
import type { Capabilities, RunAction } from '@/protocol/dialect';
import type { ConnectionHealth } from '@/stores/run-types';

export type OfferedControl = Readonly<{ action: RunAction; label: string; unavailable: string | undefined }>;

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

export type ControlsInput = Readonly<{
  status: string;
  control: Capabilities['control'];
  /** Why this session can send nothing (it watches without the protocol's command channel). */
  blocked: string | undefined;
  connection: ConnectionHealth['state'];
}>;

export function offeredControls({ status, control, blocked, connection }: ControlsInput): OfferedControl[] {
  if (FINISHED.has(status)) return [];
  const sessionBlock = blocked ?? (connection.status === 'error' ? 'the connection closed with an error, so nothing can be sent' : undefined);
  const reasonFor = (action: RunAction) => sessionBlock ?? (control[action] === true ? undefined : (control[action] as string));
  const offered: OfferedControl[] = [];
  if (status !== 'paused') offered.push({ action: 'pause', label: 'Pause', unavailable: reasonFor('pause') });
  else if (control.resume === true) offered.push({ action: 'resume', label: 'Resume', unavailable: reasonFor('resume') });
  offered.push({ action: 'cancel', label: 'Cancel run', unavailable: reasonFor('cancel') });
  return offered;
}
