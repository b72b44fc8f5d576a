/**
 * The dev server's first start (issue 20): its dependency scan reads only the app, and it
 * pre-bundles every library the app imports — eagerly or lazily — before the first page is
 * served. A scan that failed (benchmark-only pages under bench/ import libraries that are not
 * installed) left every library to be found as pages requested it, and each find reloaded the
 * newcomer's first run page. Runs Vite's own optimizer on the project config, cache in a temp dir.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, expect, test } from 'vitest';
import { createLogger, optimizeDeps, resolveConfig } from 'vite';

const cacheDir = mkdtempSync(join(tmpdir(), 'runboard-vite-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** Every bare module the browser app imports (not types, tests, or the Node-only simulator). */
function appImports(dir = 'src'): Set<string> {
  const found = new Set<string>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (path !== join('src', 'simulator')) for (const dep of appImports(path)) found.add(dep);
      continue;
    }
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(/^import (?!type )[^;]*?from '([^'.@][^']*|@[a-z][^/']*\/[^']*)';|import\('([^'.@][^']*|@[a-z][^/']*\/[^']*)'\)/gm)) {
      const spec = match[1] ?? match[2] ?? '';
      if (!spec.startsWith('node:') && !spec.startsWith('@/')) found.add(spec);
    }
  }
  return found;
}

test('the first dev start scans only the app and pre-bundles every library it imports', async () => {
  const logs: string[] = [];
  const logger = createLogger('warn');
  logger.warn = (message) => void logs.push(message);
  logger.error = (message) => void logs.push(message);
  const config = await resolveConfig({ configFile: 'vite.config.ts', cacheDir, customLogger: logger, logLevel: 'warn' }, 'serve');
  const metadata = await optimizeDeps(config, true);
  expect(logs.filter((line) => /dependency scan|could not be resolved/i.test(line))).toEqual([]);
  const wanted = [...appImports()].sort();
  expect(wanted).toEqual(expect.arrayContaining(['@xyflow/react', 'recharts', 'socket.io-client', 'zod']));
  expect(wanted.filter((dep) => !(dep in metadata.optimized))).toEqual([]);
}, 120_000);
