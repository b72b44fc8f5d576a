/**
 * Benchmark 7 — bundle: the JavaScript a first visit downloads before the app can draw
 * (the entry script and its modulepreloads in dist/index.html), gzipped with zlib. Every
 * chunk is listed; the budget applies to the initial set. Needs `vite build` (run-all
 * builds when dist/ is missing or older than src/).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { kb, type BenchOptions, type BenchRow } from './lib/report';

const BUDGET = 250 * 1024;

export function benchBundle({ log }: BenchOptions): BenchRow[] {
  const html = readFileSync('dist/index.html', 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''));
  const chunks = readdirSync('dist/assets')
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const path = `assets/${file}`;
      const raw = readFileSync(join('dist', path));
      return { path, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, initial: initial.has(path) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  for (const c of chunks) log(`bundle ${c.initial ? 'initial' : 'lazy   '} ${c.path.padEnd(48)} ${kb(c.raw).padStart(10)} raw ${kb(c.gzip).padStart(9)} gzip`);
  const initialGzip = chunks.filter((c) => c.initial).reduce((sum, c) => sum + c.gzip, 0);
  const lazyGzip = chunks.filter((c) => !c.initial).reduce((sum, c) => sum + c.gzip, 0);
  return [
    {
      bench: '7 bundle initial JS',
      figure: `${kb(initialGzip)} gzip in ${chunks.filter((c) => c.initial).length} chunk(s); ${kb(lazyGzip)} lazy in ${chunks.filter((c) => !c.initial).length}`,
      budget: '≤ 250 KB gzip',
      met: initialGzip <= BUDGET,
      note: `chunks (gzip): ${chunks.map((c) => `${c.path.replace('assets/', '')} ${kb(c.gzip)}${c.initial ? ' [initial]' : ''}`).join(', ')}`,
    },
  ];
}
