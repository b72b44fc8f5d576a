import { gateVerdictText } from '@/stores/gate-verdict';
import { deciderLabel, useReviewerName } from '@/stores/reviewer-store';
import type { GateState } from '@/stores/run-types';

/** What became of a gate that is no longer open, said once in the dialog it was opened in. */
export function GateClosedNotice({ gate, sentHere }: { gate: GateState; sentHere: boolean }) {
  const name = useReviewerName();
  // Our own answer is named by the one rule (the backend may echo a wire name of its own).
  const verdict = gateVerdictText(gate, sentHere && gate.status === 'resolved' ? deciderLabel(name) : undefined);
  const text =
    gate.status === 'timed_out'
      ? `Timed out: ${verdict.replace(/^timed out — /, '')}. Nothing was sent from here.`
      : gate.status === 'cancelled'
        ? 'The run was cancelled; this gate no longer needs an answer.'
        : sentHere
          ? `Decided: ${verdict}. The run continues.`
          : `Decided elsewhere: ${verdict}. Nothing was sent from here.`;
  return (
    <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm font-medium dark:bg-slate-800">
      {text}
    </p>
  );
}
