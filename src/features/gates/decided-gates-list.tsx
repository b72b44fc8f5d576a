import { formatClockTime } from '@/lib/format-clock-time';
import { gateVerdict, gateVerdictText } from '@/stores/gate-verdict';
import { deciderLabel, useReviewerName } from '@/stores/reviewer-store';

import type { DecidedEntry } from '@/features/gates/use-inbox-gates';
import { VERDICT_ICON } from '@/features/gates/verdict-icon';
import { gateHeadline } from '@/features/gates/gate-message';

/** Where a decision came from, as the audit trail would say it. */
function fromWhere(entry: DecidedEntry, name: string | undefined): string | undefined {
  // Unnamed, our own decision already says "by you, from this browser".
  if (entry.sentHere) return name === undefined ? undefined : 'from this browser';
  if (entry.gate.status === 'timed_out') return 'by the backend';
  if (entry.gate.status === 'cancelled') return 'with the run';
  return 'elsewhere';
}

/** The verdict, naming our own decision by the one rule (a backend may echo a wire name of its own). */
function verdictOf(entry: DecidedEntry, name: string | undefined): string {
  return gateVerdictText(entry.gate, entry.sentHere && entry.gate.status === 'resolved' ? deciderLabel(name) : undefined);
}

/** The inbox's "recently decided" list: who decided what, when, and from where. */
export function DecidedGatesList({ entries }: { entries: readonly DecidedEntry[] }) {
  const name = useReviewerName();
  if (entries.length === 0) return <p className="px-3 pb-3 text-sm text-slate-600 dark:text-slate-400">Nothing decided yet in this tab.</p>;
  return (
    <ul aria-label="Recently decided gates" className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
      {entries.map((entry) => (
        <li key={`${entry.runId}/${entry.gate.gateId}`} className="flex gap-2 px-3 py-2 text-sm">
          <span aria-hidden className="w-4 shrink-0 text-center">{VERDICT_ICON[gateVerdict(entry.gate)]}</span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" title={gateHeadline(entry.gate.message)}>{gateHeadline(entry.gate.message)}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <span className="font-semibold text-slate-800 dark:text-slate-200">{verdictOf(entry, name)}</span> ·{' '}
              {fromWhere(entry, name) !== undefined && `${fromWhere(entry, name)} · `}
              {formatClockTime(entry.decidedAtMs)} · {entry.dialectLabel} · {entry.runId}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
