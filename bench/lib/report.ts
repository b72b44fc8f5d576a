/**
 * What every benchmark hands back: one row per figure, with its budget, the peer or limit
 * it is compared with, and whether the budget was met. `run-all.ts` prints them as a table.
 */
export type BenchRow = Readonly<{
  bench: string;
  figure: string;
  budget: string;
  /** The peer or the physical limit the figure is compared with, when there is one. */
  against?: string;
  /** undefined: informative only (no budget applies to this row). */
  met?: boolean;
  note?: string;
}>;

export type BenchOptions = Readonly<{ quick: boolean; log: (line: string) => void }>;

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
export const rate = (perSecond: number) => `${(perSecond / 1000).toFixed(0)}k ev/s`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Milliseconds `fn` takes (best of `runs`, so a GC pause or JIT warm-up does not decide). */
export function timeBest(fn: () => void, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export function printTable(rows: readonly BenchRow[], log: (line: string) => void): void {
  const head = ['benchmark', 'figure', 'budget', 'peer / limit', 'met'];
  const body = rows.map((r) => [r.bench, r.figure, r.budget, r.against ?? '', r.met === undefined ? '–' : r.met ? 'yes' : 'NO']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of body) log(line(row));
  const notes = rows.filter((r) => r.note);
  if (notes.length > 0) log('');
  for (const r of notes) log(`* ${r.bench}: ${r.note}`);
}
