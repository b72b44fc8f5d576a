import { useState } from 'react';

import { MountOnceOpened } from '@/components/ui/mount-once-opened';
import { preloadable } from '@/components/ui/preloadable';

import type { RunAction } from '@/protocol/dialect';

import { useRunSession } from '@/stores/run-session';
import { useCommandsUnavailable, useConnectionHealth, useRunStatus } from '@/stores/run-selectors';

import { controlRun } from '@/features/control/actions/control-run';
import { ControlButton } from '@/features/control/control-button';
import { offeredControls } from '@/features/control/offered-controls';

// The confirmation (and Radix with it) loads when first asked for: the run header draws without it.
// preloadable, not lazy: no Suspense reveal to wait out once the code is here.
const cancelRunDialog = preloadable(() => import('@/features/control/cancel-run-dialog').then((m) => m.CancelRunDialog), null);

/**
 * Cancel / pause / resume where the run's state and the protocol allow and this session may
 * send; otherwise unavailable, saying why (control-button.tsx), or not offered at all
 * (offered-controls.ts).
 */
export function RunControls() {
  const session = useRunSession();
  const status = useRunStatus();
  const blocked = useCommandsUnavailable();
  const connection = useConnectionHealth().state;
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [message, setMessage] = useState<string>();
  if (session.mode === 'replay') return null;
  const offered = offeredControls({ status, control: session.dialect.capabilities.control, blocked, connection });
  if (offered.length === 0) return null;
  const run = async (action: RunAction, reason?: string) => {
    setMessage(undefined);
    const result = await controlRun(session, action, reason);
    setMessage(result.ok ? `${action} requested` : `Could not ${action}: ${result.reason}`);
  };
  return (
    <div className="flex items-center gap-2">
      {message && (
        <span role="status" className="max-w-64 truncate text-xs text-slate-500" title={message}>
          {message}
        </span>
      )}
      {offered.map((c) => (
        <ControlButton
          key={c.action}
          label={c.label}
          danger={c.action === 'cancel'}
          unavailable={c.unavailable}
          onClick={() => (c.action === 'cancel' ? setConfirmCancel(true) : void run(c.action))}
        />
      ))}
      {confirmCancel && (
        <MountOnceOpened opened name="cancel dialog">
          <cancelRunDialog.Component
            onCancel={() => setConfirmCancel(false)}
            onConfirm={(reason) => {
              setConfirmCancel(false);
              void run('cancel', reason);
            }}
          />
        </MountOnceOpened>
      )}
    </div>
  );
}
