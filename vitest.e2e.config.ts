import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

// Browser tests: real headless Chromium (Debian's package) driven by playwright-core,
// against the built app served by the simulator. Run after `vite build`. One Chromium for
// the whole run (tests/e2e/chromium-server.ts), a fresh context in it per file.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/chromium-server.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Four files at a time keep both cores busy (Chromium drawing their pages, measured with vmstat);
    // more would only queue. Tests wait on what they check, never on how fast the machine is.
    maxWorkers: 4,
    fileParallelism: true,
    // Files in one worker share imports (the simulator, playwright-core) instead of loading them each.
    isolate: false,
  },
});
