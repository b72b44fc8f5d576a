/** What the bars mean, in words beside each swatch. */
import { OUTCOME_BAR, QUEUED_BAR, WAIT_BAR } from '@/features/durations/attempt-style';

const ITEMS: readonly (readonly [string, string])[] = [
  [QUEUED_BAR, 'queued'],
  [OUTCOME_BAR.running, 'running'],
  [OUTCOME_BAR.succeeded, 'succeeded'],
  [OUTCOME_BAR.failed, 'failed'],
  [OUTCOME_BAR.retried, 'failed, retried'],
  [WAIT_BAR, 'waiting for a person'],
];

export function DurationLegend({ now }: { now: string | undefined }) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
      {ITEMS.map(([swatch, text]) => (
        <li key={text} className="flex items-center gap-1">
          <span aria-hidden className={`inline-block h-2.5 w-4 rounded-sm ${swatch}`} />
          {text}
        </li>
      ))}
      <li className="flex items-center gap-1">
        <span aria-hidden className="text-fuchsia-700 dark:text-fuchsia-300">◆</span>critical path
      </li>
      {now && (
        <li className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-3 w-0.5 bg-rose-600" />
          {now}
        </li>
      )}
    </ul>
  );
}
