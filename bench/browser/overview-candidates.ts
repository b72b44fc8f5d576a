/**
 * Benchmark 8 — which library draws the zoomed-out graph (issue 15: "choose the library
 * by measuring two or three candidates on this graph"). Plain Canvas 2D (the product's
 * own drawing code), pixi.js 8 and sigma.js 3 + graphology each draw benchmark 4's
 * 10,000-node / ~15,000-edge layout in headless Chromium (software WebGL here: no GPU),
 * under the app's Content-Security-Policy: time to the first frame (library load and scene
 * build included), pan/zoom frame p95 over 240 frames, the same with 1,000 status changes
 * a second, and the gzip size of the code each adds. Built from bench/overview-candidates.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium } from 'playwright-core';
import { build } from 'vite';

import { startSimulator } from '@/simulator/server';

import { CHROMIUM_ARGS } from '../../tests/e2e/browser';
import { kb, ms, percentile, withinFrameBudget, type BenchOptions, type BenchRow } from '../lib/report';

const OUT = resolve('bench/out/candidates');
const CANDIDATES = ['canvas2d', 'pixi', 'sigma'] as const;
const LABEL: Record<(typeof CANDIDATES)[number], string> = { canvas2d: 'Canvas 2D (no library)', pixi: 'pixi.js 8 (WebGL)', sigma: 'sigma.js 3 + graphology (WebGL)' };
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; worker-src 'self' blob:";

const CANDIDATE_ROOT = resolve('bench/overview-candidates');

/**
 * pixi.js, sigma and graphology are measured here and nowhere else (~90 MB installed), so
 * they live in the candidates' own package.json, installed the first time this runs.
 */
function installCandidateLibraries(log: (line: string) => void): void {
  if (existsSync(join(CANDIDATE_ROOT, 'node_modules', 'pixi.js'))) return;
  log('installing the candidate libraries (pixi.js, sigma, graphology) into bench/overview-candidates …');
  execFileSync('npm', ['install', '--prefix', CANDIDATE_ROOT, '--no-audit', '--no-fund', '--no-package-lock'], { stdio: 'inherit' });
}

/** The page is outside the main typecheck (its libraries are not always there): checked here instead. */
function typecheckPage(): void {
  execFileSync('npx', ['tsc', '--noEmit', '-p', join(CANDIDATE_ROOT, 'tsconfig.json')], { stdio: 'inherit' });
}

type Result = { firstDraw: number; panZoom: number[]; storm: number[] } | { error: string };

async function buildPage(): Promise<void> {
  await build({
    configFile: false,
    root: CANDIDATE_ROOT,
    base: './',
    logLevel: 'warn',
    resolve: { alias: { '@': resolve('src') } },
    build: { outDir: OUT, emptyOutDir: true },
  });
  const html = join(OUT, 'index.html');
  const page = readFileSync(html, 'utf8').replace('<meta charset="utf-8" />', `<meta charset="utf-8" /><meta http-equiv="Content-Security-Policy" content="${CSP}" />`);
  (await import('node:fs')).writeFileSync(html, page);
}

/** Gzip size of the chunks only this candidate loads (its own and its library's). */
function chunkKb(name: string): number {
  const files = readdirSync(join(OUT, 'assets')).filter((f) => f.endsWith('.js'));
  const entry = files.find((f) => f.startsWith(`${name}-`));
  if (!entry) return 0;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(OUT, 'assets', file), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) if (!m[1]?.startsWith('index-')) visit(m[1] ?? '');
  };
  visit(entry);
  return [...seen].reduce((sum, f) => sum + gzipSync(readFileSync(join(OUT, 'assets', f)), { level: 9 }).length, 0);
}

export async function benchOverviewCandidates({ log }: BenchOptions): Promise<BenchRow[]> {
  installCandidateLibraries(log);
  typecheckPage();
  await buildPage();
  const sim = await startSimulator({ timeScale: 1, staticDir: OUT });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const rows: BenchRow[] = [];
  try {
    for (const name of CANDIDATES) {
      const page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
      await page.goto(`${sim.url}/?candidate=${name}`);
      const result = (await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result, undefined, { timeout: 90_000 }).then((h) => h.jsonValue())) as Result;
      await page.close();
      const size = chunkKb(name);
      if ('error' in result) {
        rows.push({ bench: `8 overview: ${LABEL[name]}`, figure: `failed: ${result.error}`, budget: '' });
        continue;
      }
      const line = `first frame ${ms(result.firstDraw)}, pan/zoom p95 ${ms(percentile(result.panZoom, 95))} (${result.panZoom.length} frames), with 1,000 status changes/s p95 ${ms(percentile(result.storm, 95))} (${result.storm.length}), +${kb(size)} gzip`;
      log(`overview candidate ${name}: ${line}`);
      rows.push({ bench: `8 overview: ${LABEL[name]}`, figure: line, budget: 'p95 ≤ 33 ms', met: withinFrameBudget(percentile(result.panZoom, 95), 33.3) && withinFrameBudget(percentile(result.storm, 95), 33.3) });
    }
  } finally {
    await browser.close();
    await sim.close();
  }
  return rows;
}
