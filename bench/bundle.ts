/**
 * Benchmark 7 — bundle: the JavaScript each way into the app downloads before its screen
 * draws, gzipped with zlib (level 9), read from the build's own chunk graph (Vite's
 * `.vite/manifest.json`, bench/lib/chunk-graph.ts):
 * - the start page: the entry script and its static imports, and the start page's chunks;
 * - the console: the entry and the console page;
 * - a live-run link, per protocol: the entry, the live-run page and that protocol's dialect
 *   chunk (the page waits for it), each with everything they import statically. A dialect
 *   whose transport loads on connecting (tolky: socket.io-client) is also given with it: the
 *   run screen draws before that arrives, its first frame does not. The graph (requested
 *   alongside, never waited for) and every panel, tab and dialog behind a lazy import load
 *   after.
 * `npx tsx bench/bundle.ts <dist> [<dist> …]` prints the same rows for builds made with
 * `vite build --outDir <dist>` (with a manifest: vite.config.ts asks for one), side by side (a baseline and a change).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { DIALECT_INFOS } from '@/protocol/dialect-info';

import { BENCH_DIST } from './browser/launch';
import { CONSOLE_PAGE, dialectModule, ENTRY, keysMatching, LIVE_PAGE, readManifest, START_PAGE, staticFiles } from './lib/chunk-graph';
import { kb, type BenchOptions, type BenchRow } from './lib/report';

export type RouteSize = Readonly<{ route: string; budget: number; gzip: number; chunks: number; withTransport?: number }>;

/** Transports a session imports when it connects, by the dialect's wire. */
export const LAZY_TRANSPORTS: Readonly<Partial<Record<string, RegExp>>> = { 'socket.io': /^node_modules\/socket\.io-client\// };
const PAGE_BUDGET = 150 * 1024;
const LIVE_BUDGET = 200 * 1024;

/** The gzip size of each route's JavaScript in this build. */
export function measureRoutes(dist: string): RouteSize[] {
  const manifest = readManifest(dist);
  const gzipOf = new Map<string, number>();
  const sum = (files: ReadonlySet<string>) =>
    [...files].reduce((total, file) => {
      if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
      return total + (gzipOf.get(file) ?? 0);
    }, 0);
  const route = (name: string, budget: number, keys: readonly string[], transport?: RegExp): RouteSize => {
    const files = staticFiles(manifest, [ENTRY, ...keys]);
    const transportKeys = transport ? keysMatching(manifest, transport) : [];
    return {
      route: name,
      budget,
      gzip: sum(files),
      chunks: files.size,
      ...(transportKeys.length > 0 ? { withTransport: sum(new Set([...files, ...staticFiles(manifest, transportKeys)])) } : {}),
    };
  };
  return [
    route('start page', PAGE_BUDGET, START_PAGE),
    route('console', PAGE_BUDGET, CONSOLE_PAGE),
    ...DIALECT_INFOS.map((d) => route(`live-run link, ${d.id}`, LIVE_BUDGET, [...LIVE_PAGE, dialectModule(d.id)], LAZY_TRANSPORTS[d.wire])),
  ];
}

function figureOf(size: RouteSize): string {
  const transport = size.withTransport === undefined ? '' : `; ${kb(size.withTransport)} with its transport, for the first frame`;
  return `${kb(size.gzip)} gzip in ${size.chunks} chunks${transport}`;
}

export function benchBundle({ log }: BenchOptions): BenchRow[] {
  const sizes = measureRoutes(BENCH_DIST);
  for (const size of sizes) log(`bundle ${size.route.padEnd(26)} ${figureOf(size)}`);
  return sizes.map((size) => ({
    bench: `7 bundle: ${size.route}, before its screen draws`,
    figure: figureOf(size),
    budget: `≤ ${kb(size.budget)} gzip`,
    met: size.gzip <= size.budget,
  }));
}

/** `npx tsx bench/bundle.ts <dist>…`: each build's routes side by side. */
function compareBuilds(dists: readonly string[]) {
  const all = dists.map((dist) => measureRoutes(dist));
  console.log(['route', ...dists].map((c) => c.padEnd(28)).join(''));
  for (const [i, size] of (all[0] ?? []).entries()) {
    const cells = all.map((sizes) => {
      const s = sizes[i];
      return s ? `${kb(s.gzip)}${s.withTransport === undefined ? '' : ` (${kb(s.withTransport)})`}` : '—';
    });
    console.log([size.route, ...cells].map((c) => c.padEnd(28)).join(''));
  }
}

if (process.argv[1]?.endsWith('bundle.ts') && process.argv.length > 2) compareBuilds(process.argv.slice(2));
