import { formatClockTime } from '@/lib/format-clock-time';
import { Button } from '@/components/ui/button';
import { gateVerdict, gateVerdictText } from '@/stores/gate-verdict';
import { shownDecider, useReviewerName } from '@/stores/reviewer-store';
import { useAnswerState, useGate } from '@/stores/run-selectors';

import { VERDICT_ICON } from '@/features/gates/verdict-icon';
import { gateHeadline } from '@/features/gates/gate-message';

/**
 * What the person's own answer did, left on screen after the gate dialog closes: a
 * non-modal status (nothing behind it is hidden or blocked) saying who decided what and
 * when; it follows the stream from "sent" to the run's own word on the decision.
 */
export function GateConfirmation({ gateId, onDismiss }: { gateId: string; onDismiss: () => void }) {
  const gate = useGate(gateId);
  const answer = useAnswerState(gateId);
  const name = useReviewerName();
  if (!gate || !answer) return null;
  const outcome =
    gate.status === 'open'
      ? `you sent “${answer.choice}”; waiting for the run to confirm`
      : gateVerdictText(gate, shownDecider(gate, answer, name));
  return (
    <div
      role="status"
      aria-label="Your gate decision"
      className="fixed right-4 bottom-4 z-30 flex max-w-md items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-sm shadow-lg dark:border-slate-600 dark:bg-slate-800"
    >
      <span aria-hidden>{VERDICT_ICON[gateVerdict(gate)]}</span>
      <p className="min-w-0 flex-1">
        <span className="font-medium">“{gateHeadline(gate.message)}”</span> — {outcome}, {formatClockTime(answer.atMs)}.
      </p>
      <Button size="sm" variant="ghost" onClick={onDismiss}>Dismiss</Button>
    </div>
  );
}
