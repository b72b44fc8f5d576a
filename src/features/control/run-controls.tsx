import { useState } from 'react';

import type { RunAction } from '@/protocol/dialect';

import { useRunSession } from '@/stores/run-session';
import { useCommandsUnavailable, useRunStatus } from '@/stores/run-selectors';

import { controlRun } from '@/features/control/actions/control-run';
import { CancelRunDialog } from '@/features/control/cancel-run-dialog';
import { ControlButton } from '@/features/control/control-button';

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * Cancel / pause / resume where the protocol allows and this session may send; otherwise
 * unavailable, saying why (control-button.tsx) — the protocol's reason, or the session's when
 * it watches without the socket the protocol takes commands on.
 */
export function RunControls() {
  const session = useRunSession();
  const status = useRunStatus();
  const blocked = useCommandsUnavailable();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [message, setMessage] = useState<string>();
  if (session.mode === 'replay' || FINISHED.has(status)) return null;
  const control = session.dialect.capabilities.control;
  const run = async (action: RunAction, reason?: string) => {
    setMessage(undefined);
    const result = await controlRun(session, action, reason);
    setMessage(result.ok ? `${action} requested` : `Could not ${action}: ${result.reason}`);
  };
  const reasonFor = (action: RunAction) => blocked ?? (control[action] === true ? undefined : (control[action] as string));
  return (
    <div className="flex items-center gap-2">
      {message && (
        <span role="status" className="max-w-64 truncate text-xs text-slate-500" title={message}>
          {message}
        </span>
      )}
      {status === 'paused' ? (
        <ControlButton label="Resume" unavailable={reasonFor('resume')} onClick={() => void run('resume')} />
      ) : (
        <ControlButton label="Pause" unavailable={reasonFor('pause')} onClick={() => void run('pause')} />
      )}
      <ControlButton label="Cancel run" danger unavailable={reasonFor('cancel')} onClick={() => setConfirmCancel(true)} />
      {confirmCancel && (
        <CancelRunDialog
          onCancel={() => setConfirmCancel(false)}
          onConfirm={(reason) => {
            setConfirmCancel(false);
            void run('cancel', reason);
          }}
        />
      )}
    </div>
  );
}
