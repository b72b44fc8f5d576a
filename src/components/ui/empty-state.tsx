import type { ReactNode } from 'react';

/** A calm, centred message that tells the person what is happening and what to do. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex h-full min-h-24 flex-col items-center justify-center gap-1 p-6 text-center text-sm text-slate-500 dark:text-slate-400">
      <p className="font-medium text-slate-700 dark:text-slate-200">{title}</p>
      {children}
    </div>
  );
}
