/**
 * The compare screen: both runs named at the top, where they diverge said first, then every
 * step side by side. Reads only the two runs' facts it is given (the page keeps them current
 * while a live run goes on); writes nothing.
 */
import { useCallback, useMemo, useState } from 'react';

import type { RunFacts } from '@/features/compare/compare-types';
import { buildComparison } from '@/features/compare/comparison';
import { CompareTable, FIRST_ROWS } from '@/features/compare/compare-table';
import { DivergenceSummary } from '@/features/compare/divergence-summary';
import { RunCard } from '@/features/compare/run-card';
import { axisOf } from '@/features/compare/step-bars';

type Props = Readonly<{
  a: RunFacts;
  b: RunFacts;
  /** The run pages' own addresses (their links), and how to go there. */
  hrefs: readonly [string, string];
  navigate: (search: string) => void;
}>;

export function CompareView({ a, b, hrefs, navigate }: Props) {
  const comparison = useMemo(() => buildComparison(a, b), [a, b]);
  const axis = useMemo(() => axisOf(a.steps, b.steps, a.startedAtMs, b.startedAtMs), [a, b]);
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  const [openRows, setOpenRows] = useState<ReadonlySet<number>>(new Set());
  const [shown, setShown] = useState(FIRST_ROWS);
  const toggle = useCallback((index: number) => setOpenRows((rows) => toggled(rows, index)), []);
  const show = (index: number) => {
    setShown(Number.POSITIVE_INFINITY);
    if (onlyDiffering && !comparison.model.rows.find((r) => r.index === index)?.differences.length) setOnlyDiffering(false);
    requestAnimationFrame(() => {
      const cell = document.getElementById(`compare-step-${index}`);
      cell?.scrollIntoView({ block: 'center' });
      cell?.focus();
    });
  };
  // Costs are shown in A's currency: every protocol here reports USD.
  const currency = a.currency;
  return (
    <main className="flex min-h-0 flex-1 flex-col gap-3 p-4">
      <h1 className="text-lg font-semibold">Compare two runs</h1>
      <div className="flex flex-col gap-3 md:flex-row">
        <RunCard side="A" facts={a} href={hrefs[0]} onOpen={() => navigate(hrefs[0])} />
        <RunCard side="B" facts={b} href={hrefs[1]} onOpen={() => navigate(hrefs[1])} />
      </div>
      <DivergenceSummary model={comparison.model} onShow={show} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={onlyDiffering} onChange={(e) => setOnlyDiffering(e.target.checked)} />
        Only steps that differ ({comparison.model.diverging})
      </label>
      <CompareTable
        comparison={comparison}
        onlyDiffering={onlyDiffering}
        currency={currency}
        axis={axis}
        openRows={openRows}
        onToggle={toggle}
        shown={shown}
        onShowMore={() => setShown(Number.POSITIVE_INFINITY)}
      />
    </main>
  );
}

function toggled(rows: ReadonlySet<number>, index: number): ReadonlySet<number> {
  const next = new Set(rows);
  if (!next.delete(index)) next.add(index);
  return next;
}
