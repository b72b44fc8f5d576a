/** Cancel, pause or resume through the dialect; the stream's echo updates the stores. */
import type { RunAction } from '@/protocol/dialect';
import { isUnavailable } from '@/protocol/dialect';
import type { CommandResult, RunSession } from '@/stores/run-session';

export async function controlRun(session: RunSession, action: RunAction, reason?: string): Promise<CommandResult> {
  const commands = session.dialect.control(action, session.runId, reason);
  if (isUnavailable(commands)) return { ok: false, reason: commands.unavailable };
  return session.send(commands, { message: `${action} requested${reason ? ` (reason: ${reason})` : ''}` });
}
