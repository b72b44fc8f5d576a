/**
 * Where benchmark 4's interactive time goes, phase by phase, from the page's own clock:
 * each script and stream fetched (Resource Timing), the canvas' first appearance, the
 * overview's first marks, the first calm frames. Evidence, not a figure:
 * `npx tsx bench/big-graph-phases.ts [--nodes=10000] [--dir=bench/out/dist] [--warm]` (build first);
 * `--warm` loads a small run first in the same browser, as benchmark 4 does. Each resource
 * says how many bytes came over the wire (0: from the browser's cache).
 */
import { launchBenchBrowser, liveUrl } from './browser/launch';
import { PHASE_WATCH } from './browser/phase-watch';
import { interactiveMs, warmUp } from './browser/big-graph';
import { startBigGraphRun } from '../tests/support/big-graph-run';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
process.env.BENCH_STATIC_DIR = arg('dir') ?? 'bench/out/dist';
const nodes = Number(arg('nodes') ?? 10_000);

const browser = await launchBenchBrowser();
try {
  if (process.argv.includes('--warm')) await warmUp(browser, (line) => void process.stdout.write(`${line}\n`));
  for (let round = 0; round < Number(arg('rounds') ?? 2); round++) {
    const run = startBigGraphRun(browser.sim, `storm~phases${nodes}-${Date.now()}`, nodes);
    const page = await browser.newPage();
    await page.addInitScript(PHASE_WATCH);
    const interactive = await interactiveMs(page, liveUrl(browser.sim, 'shannon', run.runId));
    const phases = await page.evaluate(() => (window as unknown as { __phases: Record<string, number> }).__phases);
    const resources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({ name: e.name.split('/').pop()?.split('?')[0] ?? '', start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd, bytes: (e as PerformanceResourceTiming).transferSize })),
    );
    const nav = await page.evaluate(() => performance.getEntriesByType('navigation').map((e) => (e as PerformanceNavigationTiming).domContentLoadedEventEnd)[0]);
    process.stdout.write(`round ${round + 1}: interactive ${interactive} ms; DOMContentLoaded ${nav?.toFixed(0)}\n`);
    for (const r of resources.sort((a, b) => a.start - b.start)) process.stdout.write(`  ${r.start.toFixed(0).padStart(5)}–${r.end.toFixed(0).padStart(5)}  ${r.name} ${r.bytes}\n`);
    for (const [name, at] of Object.entries(phases).sort((a, b) => a[1] - b[1])) process.stdout.write(`  ${at.toFixed(0).padStart(5)}  ${name}\n`);
    if (process.env.COPIES) process.stdout.write(`  copies: ${JSON.stringify(await page.evaluate(() => (window as unknown as { __copies?: unknown }).__copies))}\n`);
    await page.close();
  }
} finally {
  await browser.close();
}
