import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

import { simulatorPlugin } from './src/simulator/vite-plugin.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The built app forbids inline and foreign scripts (stream content is untrusted).
 * Only in builds: Vite's dev server injects an inline script of its own.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' http: https: ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const cspPlugin = (): Plugin => ({
  name: 'runboard-csp',
  apply: 'build',
  transformIndexHtml: (html) =>
    html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`),
});

export default defineConfig({
  plugins: [react(), tailwindcss(), simulatorPlugin(), cspPlugin()],
  resolve: { alias: { '@': src } },
  optimizeDeps: {
    // Only the app: the dev server's dependency scan must not read bench/ (its benchmark-only pages import
    // libraries that are not installed, and the failed scan left every dependency to be found late).
    entries: ['index.html'],
    // Libraries reached only through a lazy chunk or a worker: declared, so the first start bundles them
    // before the first page instead of finding them on a request and reloading that page.
    include: ['@xyflow/react', '@dagrejs/dagre', 'recharts', 'socket.io-client', 'eventsource-parser'],
  },
  // The manifest is the chunk graph benchmark 7 and tests/e2e/route-chunks.spec.ts read (bench/lib/chunk-graph.ts).
  build: { target: 'es2022', chunkSizeWarningLimit: 900, manifest: true },
  test: {
    // tests/faults: the seeded fault runs of issue 6 (5 seeds per dialect; more: npm run faults:long).
    include: ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}', 'tests/faults/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where many
    // integration tests mostly wait on real servers' polls and timers. Three overlap those waits.
    maxWorkers: 3,
    // Files in one worker share the modules they import (stores are made fresh per test by their
    // factories; nothing global is kept): loading them per file was a third of the suite's CPU.
    isolate: false,
  },
});
