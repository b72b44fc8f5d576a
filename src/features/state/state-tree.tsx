/**
 * The agent state as a tree: objects and arrays fold (<details>, open to depth 2), leaves
 * show their JSON text. Text is rendered as text only. Rows the last change wrote are
 * highlighted (colour plus a "changed" word), and the folds on the way to them open.
 *
 * Cheap under a delta per token: the run store shares unchanged subtrees by reference,
 * and each row is memoised on its value, its mark and (only for rows on a changed path)
 * the changed set, so a change re-renders the rows on its path, not the whole tree.
 */
import { memo, useState, type ReactNode } from 'react';

import { type ChangedPointers, childPointer } from '@/features/state/changed-pointers';

/** Children shown per object or array before "… more" (a huge state stays responsive). */
const MAX_CHILDREN = 200;
const OPEN_DEPTH = 2;
const NO_CHANGE: ChangedPointers = { changed: new Set(), onPath: new Set() };

type RowProps = Readonly<{ name: string; value: unknown; pointer: string; depth: number; marks: ChangedPointers }>;

export function StateTree({ value, marks }: { value: unknown; marks: ChangedPointers }) {
  return (
    <div data-testid="state-tree" className="font-mono text-xs">
      <StateRow name="state" value={value} pointer="" depth={0} marks={marks} />
    </div>
  );
}

const StateRow = memo(function StateRow({ name, value, pointer, depth, marks }: RowProps) {
  const changed = marks.changed.has(pointer);
  const label = (
    <>
      <span className="text-slate-700 dark:text-slate-200">{name}</span>
      {changed && <span className="ml-2 rounded bg-amber-200 px-1 font-sans text-[10px] font-semibold text-amber-950 dark:bg-amber-700 dark:text-amber-50">changed</span>}
    </>
  );
  const tone = changed ? 'bg-amber-50 ring-1 ring-amber-300 dark:bg-amber-950/60 dark:ring-amber-700' : '';
  if (typeof value !== 'object' || value === null) {
    return (
      <div data-pointer={pointer} data-changed={changed || undefined} className={`flex gap-2 rounded px-1 ${tone}`}>
        {label}
        <span className={leafClass(value)}>{JSON.stringify(value) ?? String(value)}</span>
      </div>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  return (
    <Fold opensItself={depth < OPEN_DEPTH || marks.onPath.has(pointer) || changed} pointer={pointer} changed={changed}>
      <summary className={`cursor-pointer rounded px-1 ${tone}`}>
        {label}
        <span className="ml-2 text-slate-500 dark:text-slate-400">{Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`}</span>
      </summary>
      <div className="ml-3 border-l border-slate-200 pl-2 dark:border-slate-700">
        {entries.slice(0, MAX_CHILDREN).map(([key, child]) => {
          const childAt = childPointer(pointer, key);
          const onPath = marks.onPath.has(childAt) || marks.changed.has(childAt);
          return <StateRow key={key} name={key} value={child} pointer={childAt} depth={depth + 1} marks={onPath ? marks : NO_CHANGE} />;
        })}
        {entries.length > MAX_CHILDREN && <p className="text-slate-500">… {entries.length - MAX_CHILDREN} more not shown</p>}
      </div>
    </Fold>
  );
});

/**
 * A fold that opens when a change reaches into it and then stays as the person leaves it:
 * the next change elsewhere does not snap shut a branch someone is reading.
 */
function Fold({ opensItself, pointer, changed, children }: { opensItself: boolean; pointer: string; changed: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(opensItself);
  const [wasOpening, setWasOpening] = useState(opensItself);
  if (opensItself !== wasOpening) {
    setWasOpening(opensItself);
    if (opensItself) setOpen(true);
  }
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-pointer={pointer} data-changed={changed || undefined} className="rounded">
      {children}
    </details>
  );
}

function leafClass(value: unknown): string {
  if (typeof value === 'string') return 'break-all text-emerald-800 dark:text-emerald-300';
  if (typeof value === 'number') return 'text-sky-800 dark:text-sky-300';
  return 'text-violet-800 dark:text-violet-300';
}
