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
  console.log('elements', await page.evaluate(() => document.querySelectorAll('*').length));
  console.log(await page.evaluate(`(() => { const counts = {}; for (const el of document.querySelectorAll('[role=region],[role=tabpanel],[role=complementary],.react-flow,section,nav,header,main,[data-testid]')) { counts[(el.getAttribute('aria-label')||el.className||el.tagName).toString().slice(0,60)] = el.querySelectorAll('*').length; } return JSON.stringify(counts, null, 1); })()`));
  await page.getByRole('tab', { name: 'Durations' }).click();
  await page.getByRole("listbox").getByRole("option").first().waitFor();
  console.log('elements with durations', await page.evaluate(() => document.querySelectorAll('*').length));
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.waitForTimeout(500);
  const events: { name: string; dur?: number; args?: { beginData?: { dirtyObjects?: number; totalObjects?: number } } }[] = [];
  const client = await page.context().newCDPSession(page);
  client.on('Tracing.dataCollected', (d) => events.push(...(d.value as typeof events)));
  const done = new Promise((r) => client.once('Tracing.tracingComplete', r));
  await client.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline' });
  await page.getByRole('tab', { name: 'Durations' }).click();
  await page.getByRole("listbox").getByRole("option").first().waitFor();
  await page.waitForTimeout(300);
  await client.send('Tracing.end');
  await done;
  const by = new Map<string, number>();
  for (const e of events) if (e.dur) by.set(e.name, (by.get(e.name) ?? 0) + e.dur / 1000);
  console.log([...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
  const layouts = events.filter((e) => e.name === 'Layout' && e.dur).map((e) => `${(e.dur! / 1000).toFixed(1)}ms objs ${JSON.stringify(e.args?.beginData)}`);
  console.log(layouts.slice(0, 8).join('\n'));
} finally { await browser.close(); }
