import * as Dialog from '@radix-ui/react-dialog';

import { Button } from '@/components/ui/button';

import { DecidedGatesList } from '@/features/gates/decided-gates-list';
import { GateInboxList } from '@/features/gates/gate-inbox-list';
import { ReviewerNameField } from '@/features/gates/reviewer-name-field';
import type { DecidedEntry, InboxEntry } from '@/features/gates/use-inbox-gates';

type Props = Readonly<{
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: readonly InboxEntry[];
  decided: readonly DecidedEntry[];
  onAnswer: (entry: InboxEntry) => void;
}>;

/** The reviewer inbox: gates waiting across every run in this tab, then the recently decided ones. */
export function GateInboxDrawer({ open, onOpenChange, pending, decided, onAnswer }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40" />
        <Dialog.Content className="fixed top-0 right-0 z-50 flex h-full w-[min(28rem,95vw)] flex-col bg-white shadow-2xl dark:bg-slate-900">
          <div className="flex items-center justify-between border-b border-slate-200 p-3 dark:border-slate-700">
            <Dialog.Title className="text-base font-semibold">Reviewer inbox</Dialog.Title>
            <Dialog.Close asChild>
              <Button size="sm" variant="ghost">Close</Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="px-3 pt-2 text-xs text-slate-600 dark:text-slate-400">
            Pending gates of every run open in this tab and every running run the console watches, oldest first; then the ones decided lately, newest first.
          </Dialog.Description>
          <div className="flex-1 overflow-auto">
            <h3 className="px-3 pt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">Waiting ({pending.length})</h3>
            <GateInboxList entries={pending} onAnswer={onAnswer} />
            <h3 className="border-t border-slate-200 px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-300">
              Recently decided
            </h3>
            <DecidedGatesList entries={decided} />
          </div>
          <ReviewerNameField />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
