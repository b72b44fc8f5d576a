/** One step of the comparison: A on the first line, B on the second, the difference beside B. */
import { memo } from 'react';

import { formatDuration } from '@/lib/format-duration';
import { formatMoney } from '@/lib/format-money';
import { NODE_STATUS_TEXT } from '@/lib/node-status-text';

import type { CompareRow as Row } from '@/features/compare/compare-model';
import type { StepFacts } from '@/features/compare/compare-types';
import { costDelta, durationDelta, tokensDelta } from '@/features/compare/format-delta';
import type { DiffSummary } from '@/features/compare/output-diff';
import { SIDE_CLASS } from '@/features/compare/run-card';
import { StepBars, type Axis } from '@/features/compare/step-bars';

export const COLUMNS = 9;
const TD = 'px-2 py-1.5 align-top text-sm';
const DIFFERS = 'bg-amber-100/80 dark:bg-amber-900/40';
const MUTED = 'text-slate-500 dark:text-slate-400';

type Props = Readonly<{ row: Row; diff?: DiffSummary; currency: string; axis: Axis; open: boolean; onToggle: (index: number) => void }>;

export const CompareRow = memo(function CompareRow({ row, diff, currency, axis, open, onToggle }: Props) {
  const { a, b } = row;
  const differs = (d: Row['differences'][number]) => (row.differences.includes(d) ? DIFFERS : '');
  const pair = (read: (s: StepFacts) => string, extra?: string) => <Pair a={a && read(a)} b={b && read(b)} extra={extra} />;
  return (
    <tr data-step-row={row.index} className={row.differences.length > 0 ? '' : 'text-slate-700 dark:text-slate-200'}>
      <th scope="row" id={`compare-step-${row.index}`} tabIndex={-1} className={`${TD} max-w-0 min-w-40 text-left font-normal`}>
        <StepName row={row} />
      </th>
      <td className={`${TD} w-8`}>
        <Sides />
      </td>
      <td className={`${TD} ${differs('status')}`}>{pair((s) => NODE_STATUS_TEXT[s.status])}</td>
      <td className={`${TD} text-right tabular-nums ${differs('attempts')}`}>{pair((s) => String(s.attempts))}</td>
      <td className={`${TD} text-right tabular-nums`}>{pair((s) => (s.durationMs !== undefined ? formatDuration(s.durationMs) : '—'), row.durationDeltaMs === undefined ? undefined : durationDelta(row.durationDeltaMs))}</td>
      <td className={`${TD} text-right tabular-nums`}>{pair((s) => (s.tokens !== undefined ? s.tokens.toLocaleString('en-US') : '—'), row.tokensDelta === undefined ? undefined : tokensDelta(row.tokensDelta))}</td>
      <td className={`${TD} text-right tabular-nums`}>{pair((s) => (s.costMicros !== undefined ? formatMoney(s.costMicros, currency) : '—'), row.costDeltaMicros === undefined ? undefined : costDelta(row.costDeltaMicros, currency))}</td>
      <td className={`${TD} ${differs('output')}`}>
        <OutputCell row={row} diff={diff} open={open} onToggle={onToggle} />
      </td>
      <td className={`${TD} w-1/5 min-w-28`}>
        <StepBars {...(a ? { a } : {})} {...(b ? { b } : {})} axis={axis} />
      </td>
    </tr>
  );
});

function StepName({ row }: { row: Row }) {
  const label = (row.a ?? row.b)?.label ?? '';
  const other = row.a && row.b && row.b.label !== row.a.label ? row.b.label : undefined;
  const note = !row.b ? 'only in A' : !row.a ? 'only in B' : row.by === 'order' ? 'matched by position' : row.by === 'label' && row.a.id !== row.b.id ? 'matched by name' : undefined;
  return (
    <span className="block min-w-0">
      <span className={`mr-1 text-xs ${MUTED}`}>{row.index}.</span>
      <span className="font-medium break-words">{label}</span>
      {other !== undefined && <span className="block truncate text-xs" title={other}>B: {other}</span>}
      {note && <span className={`block text-xs italic ${row.a && row.b ? MUTED : 'font-semibold text-amber-800 not-italic dark:text-amber-300'}`}>{note}</span>}
    </span>
  );
}

function Sides() {
  return (
    <span className="flex flex-col text-xs leading-5 font-semibold">
      {(['A', 'B'] as const).map((side) => (
        <span key={side} className="flex items-center gap-1">
          <span aria-hidden className={`inline-block h-2 w-2 rounded-full ${SIDE_CLASS[side]}`} />
          {side}
        </span>
      ))}
    </span>
  );
}

function Pair({ a, b, extra }: { a: string | undefined; b: string | undefined; extra: string | undefined }) {
  return (
    <span className="flex flex-col leading-5 whitespace-nowrap">
      <span className={a === undefined ? MUTED : ''}>{a ?? 'not in A'}</span>
      <span className={b === undefined ? MUTED : ''}>
        {b ?? 'not in B'}
        {extra !== undefined && <span className={`ml-1 text-xs ${MUTED}`}>({extra})</span>}
      </span>
    </span>
  );
}

function OutputCell({ row, diff, open, onToggle }: { row: Row; diff: DiffSummary | undefined; open: boolean; onToggle: (index: number) => void }) {
  if (!row.a || !row.b) return <span className={MUTED}>—</span>;
  const same = !row.differences.includes('output');
  const both = row.a.output === '' && row.b.output === '';
  return (
    <span className="flex flex-col items-start leading-5 whitespace-nowrap">
      <span>{both ? 'none reported' : same ? 'same' : diff ? `+${diff.addedLines} −${diff.removedLines} lines` : 'differs'}</span>
      {!both && (
        <button type="button" aria-expanded={open} aria-controls={`compare-diff-${row.index}`} onClick={() => onToggle(row.index)} className="text-xs text-sky-800 underline dark:text-sky-300">
          {open ? (same ? 'Hide output' : 'Hide diff') : same ? 'Show output' : 'Show diff'}
          <span className="sr-only"> of step {row.index}</span>
        </button>
      )}
    </span>
  );
}
