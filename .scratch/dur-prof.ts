import { createRelaviumEncoder, type RelaviumWire } from '@/simulator/backends/relavium-encoder';
import { launchBenchBrowser, liveUrl, PROBE_SCRIPT, startRecording, stopRecording } from '../bench/browser/launch';
import { StormRun } from '../bench/lib/storm-run';
import { percentile } from '../bench/lib/report';
import type { SimStep } from '@/simulator/engine/scenario';

function runSteps(nodes: number): SimStep[] {
  const ids = Array.from({ length: nodes }, (_, i) => `s${i}`);
  const steps: SimStep[] = [{ op: 'run.start', title: 'x' }, { op: 'plan', nodes: ids.map((id, i) => ({ id, label: `Step ${i}` })), edges: ids.slice(1).map((id, i) => ({ source: ids[Math.floor(i / 4)] ?? 's0', target: id })) }];
  for (const [i, node] of ids.entries()) { steps.push({ op: 'node.start', node, attempt: 1 }); if (i % 3 === 0) steps.push({ op: 'node.fail', node, error: 'flaky', willRetry: true, attempt: 1 }, { op: 'node.start', node, attempt: 2 }); steps.push({ op: 'node.done', node, output: {} }); }
  steps.push({ op: 'run.done', output: {} });
  return steps;
}
const browser = await launchBenchBrowser();
try {
  const nodes = Number(process.env.N ?? 3750);
  const run = new StormRun<RelaviumWire>(`storm~d${nodes}`, createRelaviumEncoder()).register(browser.sim, 'relavium');
  run.emit(runSteps(nodes));
  const page = await browser.newPage();
  await page.addInitScript(PROBE_SCRIPT);
  await page.goto(liveUrl(browser.sim, 'relavium', run.runId));
  await page.getByText('Run succeeded').first().waitFor({ timeout: 120_000 });
  await page.waitForTimeout(2000);
  await startRecording(page); await page.waitForTimeout(1500); let p = await stopRecording(page);
  console.log('idle p95', percentile(p.frames, 95), 'max', Math.max(...p.frames));
  const tl = page.getByTestId('timeline-scroll');
  await tl.hover();
  await startRecording(page);
  for (let i = 0; i < 30; i++) { await page.mouse.wheel(0, 600); await page.waitForTimeout(16); }
  p = await stopRecording(page);
  console.log('TIMELINE scroll p95', percentile(p.frames, 95));
  await page.getByRole('tab', { name: 'Durations' }).click();
  const list = page.getByRole('listbox', { name: 'Node attempts on a time axis' });
  await list.locator('[role=option]').first().waitFor();
  await page.waitForTimeout(1000);
  await startRecording(page); await page.waitForTimeout(1500); p = await stopRecording(page);
  console.log('idle durations p95', percentile(p.frames, 95), 'max', Math.max(...p.frames), 'long', p.longTasks.length);
  await page.mouse.move(5, 5);
  await startRecording(page);
  for (let i = 0; i < 30; i++) { await list.evaluate((el) => { el.scrollTop += 600; }); await page.waitForTimeout(16); }
  p = await stopRecording(page);
  console.log('scrollTop (no hover) p95', percentile(p.frames, 95));
  await list.hover();
  await startRecording(page);
  for (let i = 0; i < 30; i++) { await page.mouse.wheel(0, 600); await page.waitForTimeout(16); }
  p = await stopRecording(page);
  console.log('scroll p95', percentile(p.frames, 95), 'long tasks', p.longTasks.slice(0, 10));
  const client = await page.context().newCDPSession(page);
  const events: { name: string; dur?: number; args?: unknown }[] = [];
  client.on('Tracing.dataCollected', (d) => events.push(...(d.value as typeof events)));
  const done = new Promise((r) => client.once('Tracing.tracingComplete', r));
  await client.send('Tracing.start', { categories: 'devtools.timeline' });
  for (let i = 0; i < 10; i++) { await page.mouse.wheel(0, 600); await page.waitForTimeout(16); }
  await client.send('Tracing.end');
  await done;
  const by = new Map<string, number>();
  for (const e of events) if (e.dur) by.set(e.name, (by.get(e.name) ?? 0) + e.dur / 1000);
  console.log([...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
  console.log(events.filter((e) => e.name === 'Paint' || e.name === 'Layerize').slice(0, 12).map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ${JSON.stringify(e.args).slice(0, 200)}`).join('\n'));
  await client.send('Profiler.enable'); await client.send('Profiler.start');
  for (let i = 0; i < 10; i++) { await page.mouse.wheel(0, 600); await page.waitForTimeout(16); }
  const { profile } = await client.send('Profiler.stop');
  const self = new Map<string, number>();
  const dt = profile.timeDeltas ?? [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => { const n = byId.get(id); if (!n) return; const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); });
  console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join('\n'));
} finally { await browser.close(); }
