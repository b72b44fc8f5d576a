import * as Dialog from '@radix-ui/react-dialog';

import type { GateOption } from '@/protocol/run-event';

import { Button } from '@/components/ui/button';
import { useRunSession } from '@/stores/run-session';
import { useAnswerState, useGate } from '@/stores/run-selectors';
import type { GateState } from '@/stores/run-types';

import { answerGate } from '@/features/gates/actions/answer-gate';
import { GateAnswerControls } from '@/features/gates/gate-answer-controls';
import { GateContext } from '@/features/gates/gate-context';
import { GateCountdown } from '@/features/gates/gate-countdown';
import { GATE_KIND_TEXT } from '@/features/gates/gate-kind-text';

type Props = Readonly<{
  gateId: string;
  reviewer: string;
  onClose: () => void;
  /** Which run asks, when the dialog opens away from that run (the inbox on the console). */
  runLabel?: string;
}>;

/**
 * The dialog a reviewer answers a gate in. Radix gives focus trapping, Escape and the
 * accessible name (the gate's message). When the stream says the gate was decided
 * elsewhere or timed out, the dialog turns into a notice and sends nothing.
 */
export function GateDialog({ gateId, reviewer, onClose, runLabel }: Props) {
  const session = useRunSession();
  const gate = useGate(gateId);
  const answer = useAnswerState(gateId);
  if (!gate) return null;
  const onAnswer = (option: GateOption | undefined, text: string) =>
    void answerGate(session, gate, {
      ...(option ? { option } : {}),
      ...(text.trim() ? { text: text.trim() } : {}),
      decidedBy: reviewer,
    });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[min(36rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-auto rounded-xl border border-slate-200 bg-white p-5 shadow-2xl dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="text-xs font-semibold tracking-wide text-amber-700 uppercase dark:text-amber-300">{GATE_KIND_TEXT[gate.kind]}</p>
          <Dialog.Title className="text-lg font-semibold">{gate.message}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
            {describeAsker(gate)}
            {runLabel && <span className="mt-0.5 block text-xs">Run: {runLabel}</span>}
          </Dialog.Description>
          <GateContext context={gate.context} />
          {gate.status === 'open' ? (
            <>
              {gate.deadlineAtMs !== undefined && (
                <GateCountdown deadlineAtMs={gate.deadlineAtMs} {...(gate.onTimeout ? { onTimeout: gate.onTimeout } : {})} />
              )}
              <GateAnswerControls gate={gate} answer={answer} onAnswer={onAnswer} />
            </>
          ) : (
            <ClosedNotice gate={gate} sentHere={answer?.phase === 'sent'} />
          )}
          <div className="flex justify-end">
            <Dialog.Close asChild>
              <Button variant="ghost">{gate.status === 'open' ? 'Later' : 'Close'}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function describeAsker(gate: GateState): string {
  const who = gate.requester ? `Asked by ${gate.requester}` : 'Asked by the run';
  const where = gate.nodeId ? ` at step “${gate.nodeId}”` : '';
  return `${who}${where}, ${new Date(gate.openedAtMs).toLocaleTimeString()}.`;
}

function ClosedNotice({ gate, sentHere }: { gate: GateState; sentHere: boolean }) {
  const decision = gate.resolution?.decision ?? gate.status;
  const by = gate.resolution?.decidedBy;
  const text =
    gate.status === 'timed_out'
      ? `Timed out: the backend resolved it as “${decision}”.`
      : gate.status === 'cancelled'
        ? 'The run was cancelled; this gate no longer needs an answer.'
        : sentHere
          ? `Decided: “${decision}”${by ? ` by ${by}` : ''}. The run continues.`
          : `Decided elsewhere: “${decision}”${by ? ` by ${by}` : ''}. Nothing was sent from here.`;
  return (
    <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm font-medium dark:bg-slate-800">
      {text}
    </p>
  );
}
