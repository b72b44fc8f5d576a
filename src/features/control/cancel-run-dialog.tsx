import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';

/** Asks for a reason before cancelling; nothing is sent until "Cancel run" is pressed. */
export function CancelRunDialog({ onConfirm, onCancel }: { onConfirm: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl bg-white p-5 shadow-2xl dark:bg-slate-900">
          <Dialog.Title className="text-lg font-semibold">Cancel this run?</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
            The backend stops the run; work already done is kept. This cannot be undone.
          </Dialog.Description>
          <label htmlFor={id} className="text-xs font-semibold">
            Reason (sent to the backend where the protocol takes one)
          </label>
          <input
            id={id}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="rounded-md border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-800"
          />
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="ghost">Keep running</Button>
            </Dialog.Close>
            <Button variant="danger" onClick={() => onConfirm(reason.trim() || 'cancelled by operator')}>
              Cancel run
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
