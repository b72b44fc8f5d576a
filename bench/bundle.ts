/**
 * Benchmark 7 — bundle: the JavaScript a first visit downloads before the app can draw
 * (the entry script and its modulepreloads in index.html), gzipped with zlib, and what a
 * deep link to a live run needs before its run screen draws (the entry plus the live page
 * and everything it imports statically; the canvas and cost panels load after). Every
 * chunk is listed. Reads the build run-all.ts makes in bench/out/dist.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { BENCH_DIST } from './browser/launch';
import { kb, type BenchOptions, type BenchRow } from './lib/report';

const BUDGET = 200 * 1024;

type Chunk = Readonly<{ path: string; raw: number; gzip: number; initial: boolean }>;

/** A chunk's static imports (`import … from "./x.js"`, not `import("./x.js")`), recursively. */
function staticClosure(start: readonly string[], dist: string): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = readFileSync(join(dist, path), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(`assets/${m[1] ?? ''}`);
  };
  start.forEach(visit);
  return seen;
}

export function benchBundle({ log }: BenchOptions): BenchRow[] {
  const dist = BENCH_DIST;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = staticClosure([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''), dist);
  const chunks: Chunk[] = readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const path = `assets/${file}`;
      const raw = readFileSync(join(dist, path));
      return { path, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, initial: initial.has(path) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  for (const c of chunks) log(`bundle ${c.initial ? 'initial' : 'lazy   '} ${c.path.padEnd(48)} ${kb(c.raw).padStart(10)} raw ${kb(c.gzip).padStart(9)} gzip`);
  const sum = (set: ReadonlySet<string>) => chunks.filter((c) => set.has(c.path)).reduce((total, c) => total + c.gzip, 0);
  const initialGzip = sum(initial);
  const livePage = chunks.find((c) => /\/live-run-page-/.test(c.path));
  const runScreen = livePage ? staticClosure([...initial, livePage.path], dist) : undefined;
  return [
    {
      bench: '7 bundle initial JS',
      figure: `${kb(initialGzip)} gzip in ${initial.size} chunk(s); ${kb(chunks.reduce((t, c) => t + c.gzip, 0) - initialGzip)} lazy`,
      budget: '≤ 200 KB gzip',
      met: initialGzip <= BUDGET,
      note: `chunks (gzip): ${chunks.map((c) => `${c.path.replace('assets/', '')} ${kb(c.gzip)}${c.initial ? ' [initial]' : ''}`).join(', ')}`,
    },
    {
      bench: '7 bundle a live run link, before its run screen draws',
      figure: runScreen ? `${kb(sum(runScreen))} gzip in ${runScreen.size} chunks (graph and cost panels load after)` : 'no live-run-page chunk found',
      budget: '≤ 200 KB gzip',
      met: runScreen ? sum(runScreen) <= BUDGET : false,
    },
  ];
}
