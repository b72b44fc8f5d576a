/** Cost, calls and input/output tokens per model, with a total row: a compact visible table. */
import { CostTable, type CostTableRow } from '@/components/ui/cost-table';

import type { ModelCost } from '@/features/cost/derive-waterfall';

export type ModelBreakdownTableProps = Readonly<{
  models: readonly ModelCost[];
  currency: string;
  inputTokens: number;
  outputTokens: number;
}>;

export function ModelBreakdownTable({ models, currency, inputTokens, outputTokens }: ModelBreakdownTableProps) {
  const rows = models.map((m): CostTableRow => ({ key: m.model, label: m.model, calls: m.calls, inputTokens: m.inputTokens, outputTokens: m.outputTokens, micros: m.micros, priced: m.priced }));
  const total: CostTableRow = {
    key: 'total',
    label: 'All models',
    calls: models.reduce((n, m) => n + m.calls, 0),
    inputTokens,
    outputTokens,
    micros: models.reduce((n, m) => n + m.micros, 0),
    priced: true,
  };
  return <CostTable groupBy="Model" caption="By model and tokens" rows={rows} currency={currency} calls total={total} monoLabels />;
}
