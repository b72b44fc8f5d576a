/** One compared run at the top of the screen: which run, its protocol, how it ended, and its totals. */
import { formatDuration } from '@/lib/format-duration';
import { formatMoney } from '@/lib/format-money';

import type { RunFacts } from '@/features/compare/compare-types';

export const SIDE_CLASS = { A: 'bg-sky-600', B: 'bg-violet-600' } as const;

type Props = Readonly<{ side: 'A' | 'B'; facts: RunFacts; href: string; onOpen: () => void }>;

export function RunCard({ side, facts, href, onOpen }: Props) {
  const duration = facts.startedAtMs !== undefined && facts.endedAtMs !== undefined ? formatDuration(facts.endedAtMs - facts.startedAtMs) : undefined;
  return (
    <section aria-label={`Run ${side}`} className="flex min-w-0 flex-1 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <div className="flex min-w-0 items-baseline gap-2">
        <span aria-hidden className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${SIDE_CLASS[side]}`} />
        <span className="text-xs font-semibold text-slate-600 dark:text-slate-300">Run {side}</span>
        <a
          href={`/${href}`}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            onOpen();
          }}
          className="min-w-0 truncate font-medium text-sky-800 hover:underline dark:text-sky-300"
          title={facts.title}
        >
          {facts.title}
        </a>
      </div>
      <p className="truncate text-xs text-slate-600 dark:text-slate-300">
        {facts.dialectLabel} · {facts.mode === 'replay' ? 'recording' : 'live'} · <span className="font-mono">{facts.runId}</span>
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm">
        <Fact term="Status" value={facts.status} />
        <Fact term="Steps" value={String(facts.steps.length)} />
        <Fact term="Duration" value={duration ?? '—'} />
        <Fact term="Cost" value={facts.costMicros !== undefined ? formatMoney(facts.costMicros, facts.currency) : 'no cost reported'} />
        <Fact term="Tokens" value={facts.tokens !== undefined ? facts.tokens.toLocaleString('en-US') : 'no tokens reported'} />
      </dl>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
