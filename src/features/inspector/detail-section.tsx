/** A titled section of the details panel; shows `empty` text when it has nothing to list. */
import type { ReactNode } from 'react';

export type DetailSectionProps = Readonly<{ title: string; count?: number; empty?: string; children?: ReactNode }>;

export function DetailSection({ title, count, empty, children }: DetailSectionProps) {
  const isEmpty = count === 0;
  return (
    <section aria-label={title} className="border-t border-zinc-200 py-2 dark:border-zinc-700">
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
        {title}
        {count !== undefined && count > 0 ? ` (${count})` : ''}
      </h3>
      {isEmpty ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{empty ?? 'None'}</p> : children}
    </section>
  );
}
