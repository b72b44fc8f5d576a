import { formatClockTime } from '@/lib/format-clock-time';
import { Button } from '@/components/ui/button';

import { GATE_KIND_TEXT } from '@/features/gates/gate-kind-text';
import type { InboxEntry } from '@/features/gates/use-inbox-gates';

/** The reviewer inbox's waiting gates: answering from here opens the same dialog as from the run. */
export function GateInboxList({ entries, onAnswer }: { entries: readonly InboxEntry[]; onAnswer: (entry: InboxEntry) => void }) {
  if (entries.length === 0) return <p className="p-3 text-sm text-slate-600 dark:text-slate-400">No gate is waiting for you.</p>;
  return (
    <ul aria-label="Pending gates" className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
      {entries.map((entry) => (
        <li key={`${entry.session.runId}/${entry.gate.gateId}`} className="flex items-start gap-3 p-3">
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold text-amber-700 dark:text-amber-300">{GATE_KIND_TEXT[entry.gate.kind]}</p>
            <p className="truncate text-sm font-medium" title={entry.gate.message}>{entry.gate.message}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {entry.session.dialect.label} · {entry.session.runId} · opened {formatClockTime(entry.gate.openedAtMs)}
              {entry.gate.deadlineAtMs !== undefined && ` · due ${entry.gate.deadlineEstimated ? 'about ' : ''}${formatClockTime(entry.gate.deadlineAtMs)}`}
            </p>
          </div>
          <Button size="sm" variant="primary" onClick={() => onAnswer(entry)}>
            {entry.gate.answerable ? 'Answer' : 'View'}
          </Button>
        </li>
      ))}
    </ul>
  );
}
