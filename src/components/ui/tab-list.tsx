/**
 * A row of tabs (`role="tablist"`), the selected one underlined and bold. Context-free: the
 * caller owns which tab is selected. `idPrefix` gives each tab the id `<prefix>-tab-<id>` and
 * points the selected one at `<prefix>-panel-<id>`.
 */
import { cn } from '@/lib/cn';

type Props<T extends string> = Readonly<{
  label: string;
  tabs: readonly (readonly [T, string])[];
  selected: T;
  onSelect: (tab: T) => void;
  size?: 'sm' | 'md';
  idPrefix?: string;
  className?: string;
}>;

export function TabList<T extends string>({ label, tabs, selected, onSelect, size = 'md', idPrefix, className }: Props<T>) {
  return (
    <div role="tablist" aria-label={label} className={cn('flex border-b border-slate-200 dark:border-slate-800', className)}>
      {tabs.map(([id, text]) => (
        <button
          key={id}
          role="tab"
          type="button"
          aria-selected={selected === id}
          {...(idPrefix ? { id: `${idPrefix}-tab-${id}`, 'aria-controls': selected === id ? `${idPrefix}-panel-${id}` : undefined } : {})}
          onClick={() => onSelect(id)}
          className={cn(
            size === 'sm' ? 'px-3 py-1 text-xs' : 'px-3 py-2 text-sm',
            selected === id ? 'border-b-2 border-sky-600 font-semibold' : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
          )}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
