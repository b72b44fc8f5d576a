/** The node's cost per attempt (the attempt projection's split), as the run's cost table shape. */
import { CostTable } from '@/components/ui/cost-table';
import type { NodeAttempt } from '@/stores';

export function CostByAttemptTable({ attempts, currency }: Readonly<{ attempts: readonly NodeAttempt[]; currency: string }>) {
  const rows = attempts.map((a) => ({ key: a.id, label: String(a.attempt), ...a.cost }));
  return <CostTable groupBy="Attempt" rows={rows} currency={currency} />;
}
