import { Suspense, useState, type ReactNode } from 'react';

import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary';

type Props = Readonly<{ opened: boolean; name: string; children: ReactNode }>;

/**
 * For a dialog whose code loads on its own (React.lazy): nothing is fetched until it first
 * opens, then it stays mounted and opens and closes as it would have — the run screen's first
 * paint does not wait for dialog code (bench/bundle.ts). A chunk that fails to load is said
 * in place of the dialog, never a blank page.
 */
export function MountOnceOpened({ opened, name, children }: Props) {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <PanelErrorBoundary name={name}>
      <Suspense fallback={null}>{children}</Suspense>
    </PanelErrorBoundary>
  );
}
