/** The answer first: where the two runs part ways, said in one sentence above everything else. */
import type { CompareModel } from '@/features/compare/compare-model';

const DIVERGING = 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40';
const SAME = 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40';

type Props = Readonly<{ model: CompareModel; onShow: (index: number) => void }>;

export function DivergenceSummary({ model, onShow }: Props) {
  const { firstDivergence, firstOutcome } = model;
  const counts = `${model.matched} matched · ${model.onlyA} only in A · ${model.onlyB} only in B · ${model.diverging} differ`;
  return (
    <section aria-labelledby="divergence-heading" className={`rounded-lg border px-3 py-2 ${firstDivergence ? DIVERGING : SAME}`}>
      <h2 id="divergence-heading" className="sr-only">Where the runs diverge</h2>
      {firstDivergence ? (
        <p className="text-sm">
          <span className="font-semibold">The runs diverge at {firstDivergence.text}.</span>{' '}
          <ShowButton index={firstDivergence.row.index} onShow={onShow} />
        </p>
      ) : (
        <p className="text-sm font-semibold">{model.rows.length === 0 ? 'Neither run has steps yet.' : 'No divergence: the same steps, statuses, attempts and outputs.'}</p>
      )}
      {firstOutcome && (
        <p className="text-sm">
          First different outcome: {firstOutcome.text}. <ShowButton index={firstOutcome.row.index} onShow={onShow} />
        </p>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-300">Steps: {counts}</p>
    </section>
  );
}

function ShowButton({ index, onShow }: { index: number; onShow: (index: number) => void }) {
  return (
    <button type="button" onClick={() => onShow(index)} className="text-sky-800 underline dark:text-sky-300">
      Show step {index}
    </button>
  );
}
