/** Cancel, pause or resume through the session's dialect; the stream's echo updates the stores. */
import type { RunAction } from '@/protocol/dialect';
import type { CommandResult, RunSession } from '@/stores/run-session';

export function controlRun(session: RunSession, action: RunAction, reason?: string): Promise<CommandResult> {
  return session.control(action, reason, { message: `${action} requested${reason ? ` (reason: ${reason})` : ''}` });
}
