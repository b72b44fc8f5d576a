/**
 * A resume the server refuses. After our `user.reconnect_with_state` (a dropped socket, or a
 * reloaded tab with its kept `signed_state`), server.py `_handle_reconnect_with_state`
 * answers with one of these instead of `agent.state_restored` — none names a session:
 *   agent.error   "Session already active on another connection"  (the session still has a socket: another tab or client holds it)
 *   system.error  "Invalid state: <why>"                           (signature, checksum, version, expiry)
 *   system.error  "Missing signed_state in reconnect request" | "Failed to restore session state" | "Reconnection failed: <why>"
 * Nothing more comes for this run on this connection, so the run ends here with the reason,
 * never left "running".
 */
import { DISCONNECT_REASON } from '@/protocol/myagent/myagent-endings';
import { finish } from '@/protocol/myagent/myagent-lifecycle';
import type { MyagentStreamState } from '@/protocol/myagent/myagent-state';
import type { RunEvent } from '@/protocol/run-event';

const HELD_ELSEWHERE = 'Session already active on another connection';
const REFUSALS = [HELD_ELSEWHERE, 'Invalid state:', 'Missing signed_state', 'Failed to restore session state', 'Reconnection failed:'];

/** Is this error text one of the server's refusals of a resume? (They are sent for nothing else.) */
export function isResumeRefusal(text: unknown): boolean {
  return typeof text === 'string' && REFUSALS.some((refusal) => text.startsWith(refusal));
}

/** The run's end when `text` refuses our pending resume; undefined for any other error. */
export function resumeRefused(state: MyagentStreamState, text: string | undefined): RunEvent[] | undefined {
  if (!state.reconnectPending || !isResumeRefusal(text) || text === undefined) return undefined;
  state.reconnectPending = false;
  state.reconnected = false;
  const running: RunEvent[] = state.active.map((nodeId) => ({ type: 'node.cancelled', nodeId, reason: `myagent refused to resume: ${text}` }));
  if (text.startsWith(HELD_ELSEWHERE)) {
    // The run may go on there; from here it can no longer be followed.
    const message = `myagent refused to resume this run here: “${text}”. Another tab or client holds its session; this tab can no longer follow it.`;
    return [...running, ...finish(state, { type: 'run.failed', error: { message, code: 'resume_refused' } }, 'failed')];
  }
  const reason = `${DISCONNECT_REASON}. Resuming was refused: “${text}”.`;
  return [...running, ...finish(state, { type: 'run.cancelled', reason }, 'cancelled')];
}
