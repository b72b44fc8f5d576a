/**
 * Screenshots of one run's attempts as every view shows them (issue 21 item 4), from the
 * built app (`npm run build` first) against an in-process simulator:
 *   `npx tsx scripts/screenshot-attempts.ts [out-dir]`
 * A relavium run whose "fetch" step fails, is retried and succeeds, with cost in both
 * attempts, then a step that fails and one that never runs: the canvas with the inspector on
 * "fetch" (cost by attempt), and the Durations tab, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { createRelaviumEncoder, type RelaviumWire } from '@/simulator/backends/relavium-encoder';
import type { SimStep } from '@/simulator/engine/scenario';

import { StormRun } from '../bench/lib/storm-run';
import { liveUrl, startBrowserHarness } from '../tests/e2e/browser';

const [outDir = 'tests/e2e/screenshots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Groups of steps sent this far apart, so the bars have lengths a person can see. */
const GROUPS: readonly SimStep[][] = [
  [
    { op: 'run.start', title: 'Nightly data sync' },
    {
      op: 'plan',
      nodes: [{ id: 'fetch', label: 'Fetch records', kind: 'tool' }, { id: 'clean', label: 'Clean records', kind: 'agent' }, { id: 'load', label: 'Load warehouse', kind: 'tool' }, { id: 'notify', label: 'Notify team', kind: 'tool' }],
      edges: [{ source: 'fetch', target: 'clean' }, { source: 'clean', target: 'load' }, { source: 'load', target: 'notify' }],
    },
    { op: 'node.start', node: 'fetch', attempt: 1 },
    { op: 'cost', node: 'fetch', model: 'gpt-4o-mini', inputTokens: 1200, outputTokens: 40, usd: 0.0011 },
  ],
  [{ op: 'node.fail', node: 'fetch', error: 'rate limit exceeded', code: 'provider_rate_limit', willRetry: true, attempt: 1 }],
  [{ op: 'node.start', node: 'fetch', attempt: 2 }, { op: 'cost', node: 'fetch', model: 'gpt-4o-mini', inputTokens: 1500, outputTokens: 220, usd: 0.0019 }],
  [{ op: 'node.done', node: 'fetch', output: { rows: 1200 }, attempt: 2 }, { op: 'node.start', node: 'clean' }],
  [{ op: 'node.done', node: 'clean', output: { removed: 31 } }, { op: 'node.start', node: 'load' }],
  [
    { op: 'node.fail', node: 'load', error: 'warehouse rejected the schema', code: 'tool_failed', willRetry: false },
    { op: 'node.skip', node: 'notify', reason: 'upstream_unreachable' },
    { op: 'run.fail', error: 'load failed', node: 'load' },
  ],
];

const harness = await startBrowserHarness({ timeScale: 0.2 });
try {
  const run = new StormRun<RelaviumWire>(`shot~attempts-${Date.now()}`, createRelaviumEncoder()).register(harness.sim, 'relavium');
  const driving = (async () => {
    for (const group of GROUPS) {
      run.emit(group);
      await sleep(700);
    }
  })();
  await sleep(100);
  for (const theme of ['light', 'dark'] as const) {
    const page = await harness.newPage({ colorScheme: theme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(liveUrl(harness.sim, 'relavium', run.runId));
    await driving;
    await page.getByText('Run failed').first().waitFor({ timeout: 30_000 });
    await page.locator('.react-flow__node[data-id="fetch"]').click();
    await page.getByRole('complementary', { name: /^Node details: / }).getByText('Cost by attempt').waitFor();
    await page.waitForTimeout(500);
    for (const file of [join(outDir, `attempts-canvas-${theme}.png`)]) {
      await page.screenshot({ path: file });
      console.log(file);
    }
    await page.getByRole('tab', { name: 'Durations' }).click();
    await page.getByRole('listbox', { name: 'Node attempts on a time axis' }).waitFor();
    await page.waitForTimeout(500);
    const file = join(outDir, `attempts-durations-${theme}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await page.close();
  }
} finally {
  await harness.close();
}
