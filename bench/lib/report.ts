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

export type BenchOptions = Readonly<{
  quick: boolean;
  log: (line: string) => void;
  /** Benchmark 1 only: these dialects (all when absent). */
  dialects?: readonly string[];
  /** Benchmark 1 only: the chosen dialects all in this one process, measured in turn. */
  mixed?: boolean;
}>;

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
export const rate = (perSecond: number) => `${(perSecond / 1000).toFixed(0)}k ev/s`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * CPU milliseconds (user + system, all of this process's threads, so GC helpers count) that
 * `fn` takes, and the wall time beside it. Why CPU time: the benchmarks run on a machine
 * shared with other builds, where wall time mostly measures how long the process waited
 * for a core; CPU time measures the work.
 */
export function cpuTime(fn: () => void): { cpuMs: number; wallMs: number } {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  fn();
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wall };
}

/** The least CPU time of `runs` (a GC pause or JIT warm-up does not decide). */
export function bestCpuMs(fn: () => void, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) best = Math.min(best, cpuTime(fn).cpuMs);
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

/**
 * Frame budgets count frames, not fractions of a millisecond: a frame is timed from one
 * requestAnimationFrame to the next, so a page that never drops a frame measures 16.7 ms
 * ± the timestamps' jitter (16.8, 17.1 …), and two frames measure 33.3 ms. A p95 within
 * `FRAME_JITTER_MS` of the budget is that many frames, and meets it.
 */
export const FRAME_JITTER_MS = 1;
export const withinFrameBudget = (p95: number, budgetMs: number): boolean => p95 <= budgetMs + FRAME_JITTER_MS;
