import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANT_CLASS: Record<Variant, string> = {
  // sky-700 under white text: 5.9:1 (sky-600 was 4.1:1, below WCAG AA; found by tests/e2e/axe.spec.ts).
  primary: 'bg-sky-700 text-white hover:bg-sky-800 disabled:bg-sky-700/50',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50',
  ghost: 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800',
};

/** `ref` included (React 19 passes it as a prop), so a caller can move focus to the button. */
export type ButtonProps = ComponentProps<'button'> & { variant?: Variant; size?: 'sm' | 'md' };

/** A plain button with the house variants; disabled buttons keep their `title` as the reason. */
export function Button({ variant = 'secondary', size = 'md', className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-1.5 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        size === 'sm' ? 'px-2 py-1 text-xs' : 'px-3 py-1.5 text-sm',
        VARIANT_CLASS[variant],
        className,
      )}
      {...rest}
    />
  );
}
