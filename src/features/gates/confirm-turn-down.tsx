import type { GateOption } from '@/protocol/run-event';

import { Button } from '@/components/ui/button';

type Props = Readonly<{ option: GateOption; locked: boolean; onBack: () => void; onConfirm: () => void }>;

/**
 * The second step of an answer that turns work down: it says what the option does, and
 * focus lands on "Back" (a neutral control), so a stray Enter never sends it.
 */
export function ConfirmTurnDown({ option, locked, onBack, onConfirm }: Props) {
  return (
    <div role="group" aria-label={`Confirm “${option.label}”`} className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950/60">
      <p className="text-sm text-red-900 dark:text-red-100">
        <span aria-hidden>⚠ </span>
        “{option.label}” turns this down: the run will not do the work it asked about here. Nothing is sent until you confirm.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button autoFocus variant="secondary" onClick={onBack}>Back</Button>
        <Button variant="danger" disabled={locked} onClick={onConfirm}>Confirm “{option.label}”</Button>
      </div>
    </div>
  );
}
