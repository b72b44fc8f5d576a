/**
 * "Start run" from the console: instructions, then one button. Nothing is sent until the
 * person presses "Start run" (the same rule as links); a start the backend refuses says why.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';

type Props = Readonly<{
  backendLabel: string;
  protocolLabel: string;
  /** Resolves with a reason when the run could not be started. */
  onStart: (instructions: string) => Promise<string | undefined>;
  onClose: () => void;
}>;

export function StartRunDialog({ backendLabel, protocolLabel, onStart, onClose }: Props) {
  const [text, setText] = useState('');
  const [phase, setPhase] = useState<'idle' | 'starting' | { failed: string }>('idle');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || phase === 'starting') return;
    setPhase('starting');
    // Detached from the submit event; a rejection (a bug: outcomes come back as text) is shown like a refusal.
    void onStart(text.trim()).then(
      (failed) => setPhase(failed ? { failed } : 'idle'),
      (error: unknown) => setPhase({ failed: `the run could not be started: ${errorMessage(error)}` }),
    );
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(34rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-2xl dark:border-slate-700 dark:bg-slate-900">
          <Dialog.Title className="text-lg font-semibold">Start a run on {backendLabel}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
            {protocolLabel}. Write the instructions, then press “Start run”. Nothing has been sent yet.
          </Dialog.Description>
          <form onSubmit={submit} className="flex flex-col gap-2">
            <label htmlFor={id} className="text-xs font-semibold text-slate-600 dark:text-slate-300">Instructions</label>
            <textarea
              id={id}
              rows={4}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="rounded-md border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-800"
            />
            {typeof phase === 'object' && (
              <p role="alert" className="text-sm text-red-800 dark:text-red-300">The run was not started: {phase.failed}</p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" variant="primary" disabled={!text.trim() || phase === 'starting'}>
                {phase === 'starting' ? 'Starting…' : 'Start run'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
