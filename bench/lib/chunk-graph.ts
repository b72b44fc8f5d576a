/**
 * A build's chunk graph, from Vite's `.vite/manifest.json` (vite.config.ts asks every build
 * for it): which files a set of modules loads before it runs. Benchmark 7 sizes routes with
 * it; tests/e2e/route-chunks.spec.ts checks that Chromium loads what it says.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ManifestChunk = Readonly<{ file: string; src?: string; imports?: readonly string[]; dynamicImports?: readonly string[] }>;
export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The entry: index.html's script and its static imports (its modulepreloads). */
export const ENTRY = 'index.html';
export const START_PAGE = ['src/app/start/start-page.tsx', 'src/app/start/replay-start-section.tsx'];
export const CONSOLE_PAGE = ['src/app/console/console-page.tsx'];
export const LIVE_PAGE = ['src/app/run/live-run-page.tsx'];
/** The graph, which app.tsx requests alongside a run page without waiting for it. */
export const RUN_CANVAS = ['src/features/canvas/run-canvas.tsx'];

export const dialectModule = (id: string) => `src/protocol/${id}/${id}-dialect.ts`;

export function readManifest(dist: string): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build with \`vite build\` (vite.config.ts asks for a manifest)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** Every file (dist-relative) the given manifest keys load before they run: their own and their static imports', recursively. */
export function staticFiles(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

/** The manifest keys whose id matches (a dependency's entry, such as socket.io-client's). */
export function keysMatching(manifest: Manifest, pattern: RegExp): string[] {
  return Object.keys(manifest).filter((key) => pattern.test(key));
}
