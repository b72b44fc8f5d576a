import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

// Seeded fault runs (issue 6) on their own: `npm run faults` (5 seeds per dialect, as in
// `npm test`) and `npm run faults:long` (FAULT_SEEDS=100). One file per dialect, run in parallel.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
