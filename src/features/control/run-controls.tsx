import { useState } from 'react';

import type { RunAction } from '@/protocol/dialect';

import { Button } from '@/components/ui/button';
import { useRunSession } from '@/stores/run-session';
import { useCommandsUnavailable, useRunStatus } from '@/stores/run-selectors';

import { controlRun } from '@/features/control/actions/control-run';
import { CancelRunDialog } from '@/features/control/cancel-run-dialog';

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/** Cancel / pause / resume where the protocol allows (and this session may send); otherwise disabled with the reason. */
export function RunControls() {
  const session = useRunSession();
  const status = useRunStatus();
  const blocked = useCommandsUnavailable();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [message, setMessage] = useState<string>();
  if (session.mode === 'replay' || FINISHED.has(status)) return null;
  // This session may send no command at all (it watches without the protocol's socket): one note, not three dead buttons.
  if (blocked) {
    return (
      <span className="cursor-help text-xs text-slate-500 underline decoration-dotted dark:text-slate-400" title={blocked}>
        No controls in this tab
        <span className="sr-only">: {blocked}</span>
      </span>
    );
  }
  const control = session.dialect.capabilities.control;
  const run = async (action: RunAction, reason?: string) => {
    setMessage(undefined);
    const result = await controlRun(session, action, reason);
    setMessage(result.ok ? `${action} requested` : `Could not ${action}: ${result.reason}`);
  };
  const reasonFor = (action: RunAction) => (control[action] === true ? undefined : (control[action] as string));
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

function ControlButton({ label, unavailable, danger, onClick }: { label: string; unavailable: string | undefined; danger?: boolean; onClick: () => void }) {
  // A disabled button swallows hover events, so the reason lives on a wrapper too.
  return (
    <span title={unavailable} className="inline-flex">
      <Button size="sm" variant={danger ? 'danger' : 'secondary'} disabled={unavailable !== undefined} aria-disabled={unavailable !== undefined} onClick={onClick}>
        {label}
      </Button>
      {unavailable && <span className="sr-only"> ({unavailable})</span>}
    </span>
  );
}
