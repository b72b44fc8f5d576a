/**
 * Says ONCE for the run what the layout of edge-less steps means, instead of a
 * "no known dependencies" line on every box (a relavium fan-out was a grid of boxes each
 * saying it). Edge-less steps are laid out by run time (layout/wave-positions.ts). A
 * strip above the graph, not an overlay: at 1024 px an overlay covered the steps.
 */
type Props = Readonly<{ looseCount: number; total: number }>;

export function DependencyNote({ looseCount, total }: Props) {
  if (looseCount === 0) return null;
  const text =
    looseCount === total
      ? 'No dependencies in this stream: steps are placed by start time, and steps in one column ran at the same time.'
      : `${looseCount} dashed ${looseCount === 1 ? 'step has' : 'steps have'} no known dependencies: below the graph by start time, one column per group that ran together.`;
  return (
    <p role="note" className="shrink-0 border-b border-slate-200 bg-slate-50 px-3 py-1 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      {text}
    </p>
  );
}
