import { createRelaviumEncoder, type RelaviumWire } from '@/simulator/backends/relavium-encoder';
import { launchBenchBrowser, liveUrl } from '../bench/browser/launch';
import { StormRun } from '../bench/lib/storm-run';
import type { SimStep } from '@/simulator/engine/scenario';
const steps: SimStep[] = [{ op: 'run.start', title: 'x' }, { op: 'plan', nodes: Array.from({ length: 50 }, (_, i) => ({ id: `s${i}`, label: `S${i}` })), edges: [] }];
for (let n = 0; n < 50; n++) for (let a = 1; a <= 100; a++) { steps.push({ op: 'node.start', node: `s${n}`, attempt: a }); steps.push(a < 100 ? { op: 'node.fail', node: `s${n}`, error: 'x', willRetry: true, attempt: a } : { op: 'node.done', node: `s${n}`, output: {} }); }
steps.push({ op: 'run.done', output: {} });
const browser = await launchBenchBrowser();
try {
  const run = new StormRun<RelaviumWire>('storm~open', createRelaviumEncoder()).register(browser.sim, 'relavium');
  run.emit(steps);
  const page = await browser.newPage();
  await page.goto(liveUrl(browser.sim, 'relavium', run.runId));
  await page.getByText('Run succeeded').first().waitFor({ timeout: 120_000 });
  const measure = () => page.evaluate(`new Promise((resolve) => {
    const tab = [...document.querySelectorAll('[role=tab]')].find((t) => t.textContent === 'Durations');
    const t0 = performance.now();
    tab.click();
    const poll = () => document.querySelector('[role=listbox] [role=option]') ? resolve(performance.now() - t0) : requestAnimationFrame(poll);
    requestAnimationFrame(poll);
  })`);
  console.log('elements before', await page.evaluate(() => document.querySelectorAll('*').length));
  console.log('first open', await measure());
  console.log('elements after', await page.evaluate(() => document.querySelectorAll('*').length));
  const client0 = await page.context().newCDPSession(page);
  await client0.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReturnAsStream' }).catch((e) => console.log('trace', e.message));
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.waitForTimeout(500);
  const client = await page.context().newCDPSession(page);
  await client.send('Profiler.enable'); await client.send('Profiler.setSamplingInterval', { interval: 200 }); await client.send('Profiler.start');
  console.log('second open', await measure());
  const { profile } = await client.send('Profiler.stop');
  const self = new Map<string, number>();
  const dt = profile.timeDeltas ?? [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => { const n = byId.get(id); if (!n) return; const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); });
  console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join('\n'));
} finally { await browser.close(); }
