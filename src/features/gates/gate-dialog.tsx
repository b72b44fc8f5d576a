import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';

import type { GateOption } from '@/protocol/run-event';

import { Button } from '@/components/ui/button';
import { useRunSession } from '@/stores/run-session';
import { useAnswerState, useGate } from '@/stores/run-selectors';

import { answerGate } from '@/features/gates/actions/answer-gate';
import { GateAnswerControls } from '@/features/gates/gate-answer-controls';
import { GateClosedNotice } from '@/features/gates/gate-closed-notice';
import { GateContext } from '@/features/gates/gate-context';
import { GateCountdown } from '@/features/gates/gate-countdown';
import { GATE_KIND_TEXT } from '@/features/gates/gate-kind-text';
import { describeAsker } from '@/features/gates/gate-text';

type Props = Readonly<{
  gateId: string;
  reviewer: string;
  onClose: () => void;
  /** The person's own answer was accepted: the dialog is done (the caller leaves a confirmation). */
  onDecided: (gateId: string) => void;
  /** Where focus goes on close when the element focused before the dialog opened is gone (or was the page body). */
  fallbackFocus?: () => HTMLElement | null;
  /** Which run asks, when the dialog opens away from that run (the inbox on the console). */
  runLabel?: string;
}>;

/**
 * The dialog a reviewer answers a gate in. Radix gives focus trapping, Escape and the
 * accessible name (the gate's message).
 *
 * - Focus starts on the dialog itself, never on a deciding button: a person typing
 *   elsewhere who presses Enter as it appears must not approve a production deploy.
 * - Once the person's own answer is accepted it closes (onDecided), so it never keeps the
 *   run hidden behind a modal after the work is done.
 * - On close, focus returns where it was, or to `fallbackFocus` (never the page body).
 * - When the stream says the gate was decided elsewhere or timed out, it turns into a
 *   notice and sends nothing.
 */
export function GateDialog({ gateId, reviewer, onClose, onDecided, fallbackFocus, runLabel }: Props) {
  const session = useRunSession();
  const gate = useGate(gateId);
  const answer = useAnswerState(gateId);
  const contentRef = useRef<HTMLDivElement>(null);
  // A gate may open on its own while nothing has focus: closing must not leave focus on the body.
  const [returnTo] = useState(() => document.activeElement);
  const sent = answer?.phase === 'sent';
  useEffect(() => {
    if (sent) onDecided(gateId);
  }, [sent, gateId, onDecided]);
  if (!gate) return null;
  const onAnswer = (option: GateOption | undefined, text: string, payload?: unknown) =>
    void answerGate(session, gate, {
      ...(option ? { option } : {}),
      ...(text.trim() ? { text: text.trim() } : {}),
      ...(payload !== undefined ? { edits: payload } : {}),
      decidedBy: reviewer,
    });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          ref={contentRef}
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            contentRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (returnTo && returnTo !== document.body && returnTo.isConnected) return;
            const fallback = fallbackFocus?.();
            if (!fallback) return;
            event.preventDefault();
            fallback.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[min(36rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-auto rounded-xl border border-slate-200 bg-white p-5 shadow-2xl focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 dark:border-slate-700 dark:bg-slate-900"
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
                <GateCountdown deadlineAtMs={gate.deadlineAtMs} estimated={gate.deadlineEstimated === true} {...(gate.onTimeout ? { onTimeout: gate.onTimeout } : {})} />
              )}
              <GateAnswerControls gate={gate} answer={answer} onAnswer={onAnswer} />
            </>
          ) : (
            <GateClosedNotice gate={gate} sentHere={sent} />
          )}
          <div className="flex justify-end">
            <Dialog.Close asChild>
              <Button variant="ghost">{gate.status === 'open' ? 'Decide later' : 'Close'}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
