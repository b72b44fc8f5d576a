/**
 * The Node benchmarks run from a bundle of our sources, as the app ships them, not through
 * tsx's file-by-file transform. Why: tsx turns every module into CommonJS whose exports are
 * getters, so each call into another module (the ingest path is many small ones) goes
 * through a getter — up to a third of a dialect's ingest time in benchmark 1, a cost the
 * app's production bundle (one scope, direct calls) never pays. esbuild bundles our code
 * into one ES module; packages stay imports from node_modules, as in the app's dependencies.
 */
import { buildSync } from 'esbuild';
import { basename, join } from 'node:path';

const OUT_DIR = join('bench', 'out', 'node');

/** Bundles `entry` (a path under bench/) and returns the bundle's path, to run with `node`. */
export function nodeBundle(entry: string): string {
  const outfile = join(OUT_DIR, `${basename(entry, '.ts')}.mjs`);
  buildSync({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', packages: 'external', target: 'node20', logLevel: 'warning' });
  return outfile;
}
