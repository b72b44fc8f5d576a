/**
 * Says ONCE for the run what the layout of edge-less steps means, instead of a
 * "no known dependencies" line on every box (a relavium fan-out was a grid of boxes each
 * saying it). Edge-less steps are laid out by run time (layout/wave-positions.ts).
 */
import { Panel } from '@xyflow/react';

type Props = Readonly<{ looseCount: number; total: number }>;

export function DependencyNote({ looseCount, total }: Props) {
  if (looseCount === 0) return null;
  const text =
    looseCount === total
      ? 'This stream names no dependencies between steps. Steps are placed by start time: each column holds steps that ran at the same time.'
      : `${looseCount} dashed ${looseCount === 1 ? 'step has' : 'steps have'} no known dependencies; they sit below the graph by start time, a column per group that ran together.`;
  return (
    <Panel position="top-center" className="!m-2 max-w-[min(36rem,70%)]">
      <p role="note" className="rounded-md border border-slate-300 bg-white/90 px-2 py-1 text-xs text-slate-700 shadow-sm dark:border-slate-700 dark:bg-slate-900/90 dark:text-slate-300">
        {text}
      </p>
    </Panel>
  );
}
