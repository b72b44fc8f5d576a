/**
 * Where benchmark 4's interactive time goes, phase by phase, from the page's own clock:
 * each script and stream fetched (Resource Timing), the canvas' first appearance, the
 * overview's first marks, the first calm frames. Evidence, not a figure:
 * `npx tsx bench/big-graph-phases.ts [--nodes=10000] [--dir=bench/out/dist]` (build first).
 */
import { launchBenchBrowser, liveUrl } from './browser/launch';
import { interactiveMs } from './browser/big-graph';
import { startBigGraphRun } from '../tests/support/big-graph-run';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
process.env.BENCH_STATIC_DIR = arg('dir') ?? 'bench/out/dist';
const nodes = Number(arg('nodes') ?? 10_000);

// A string: tsx's keepNames would wrap inner functions in a helper the page lacks.
const WATCH = `(() => {
  const t = (window.__phases = {});
  const seen = (name) => { if (!(name in t)) t[name] = performance.now(); };
  // A stream's request never ends, so Resource Timing lists it only when it closes: note each fetch as it starts.
  const fetchOf = window.fetch;
  window.fetch = (input, init) => { seen('fetch ' + String(input.url ?? input).split('/').pop().slice(0, 40)); return fetchOf(input, init); };
  const poll = () => {
    if (document.querySelector('.react-flow')) seen('react-flow');
    if (document.querySelector('[data-testid="graph-overview"]')) seen('overview canvas');
    if (Number(document.querySelector('[data-testid="graph-overview"]')?.dataset.drawn ?? 0) > 0) seen('marks drawn');
    const text = document.body?.textContent ?? '';
    if (/Big graph/.test(text)) seen('run title');
    if (/pending/.test(document.querySelector('header, [data-testid="run-header"]')?.textContent ?? '')) seen('header counts');
    if (/Laying out/.test(text)) seen('laying out');
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})()`;

const browser = await launchBenchBrowser();
try {
  for (let round = 0; round < Number(arg('rounds') ?? 2); round++) {
    const run = startBigGraphRun(browser.sim, `storm~phases${nodes}-${Date.now()}`, nodes);
    const page = await browser.newPage();
    await page.addInitScript(WATCH);
    const interactive = await interactiveMs(page, liveUrl(browser.sim, 'shannon', run.runId));
    const phases = await page.evaluate(() => (window as unknown as { __phases: Record<string, number> }).__phases);
    const resources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({ name: e.name.split('/').pop()?.split('?')[0] ?? '', start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
    );
    const nav = await page.evaluate(() => performance.getEntriesByType('navigation').map((e) => (e as PerformanceNavigationTiming).domContentLoadedEventEnd)[0]);
    process.stdout.write(`round ${round + 1}: interactive ${interactive} ms; DOMContentLoaded ${nav?.toFixed(0)}\n`);
    for (const r of resources.sort((a, b) => a.start - b.start)) process.stdout.write(`  ${r.start.toFixed(0).padStart(5)}–${r.end.toFixed(0).padStart(5)}  ${r.name}\n`);
    for (const [name, at] of Object.entries(phases).sort((a, b) => a[1] - b[1])) process.stdout.write(`  ${at.toFixed(0).padStart(5)}  ${name}\n`);
    if (process.env.COPIES) process.stdout.write(`  copies: ${JSON.stringify(await page.evaluate(() => (window as unknown as { __copies?: unknown }).__copies))}\n`);
    await page.close();
  }
} finally {
  await browser.close();
}
