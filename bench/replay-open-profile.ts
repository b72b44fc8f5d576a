/**
 * What opening a recording by URL is made of in Chromium: a CPU profile from navigation
 * to the run view at the recording's end, with the open's wall time, the main thread's
 * busy time and the heaviest functions. Build unminified first for names:
 *
 *   npx vite build --minify false --outDir bench/out/dist-profile
 *   npx tsx bench/replay-open-profile.ts [--dir=bench/out/dist-profile] [--plain] [--frames=100000]
 */
import { basename } from 'node:path';

import { profileDuring, topByTotal } from './browser/cpu-profile';
import { launchBenchBrowser } from './browser/launch';
import { atEnd, serve } from './browser/replay-open';
import { benchRecording, keyframedTwin } from './lib/replay-recordings';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const dir = arg('dir') ?? 'bench/out/dist-profile';
const plain = benchRecording('diverse', Number(arg('frames') ?? 100_000));
const recording = process.argv.includes('--plain') ? plain : await keyframedTwin(plain);
const served = serve(recording, dir);

process.env.BENCH_STATIC_DIR = dir;
const browser = await launchBenchBrowser();
try {
  const page = await browser.newPage();
  let wallMs = 0;
  const { hot } = await profileDuring(page, async () => {
    const started = Date.now();
    await page.goto(`${browser.sim.url}/?replay=${encodeURIComponent(served)}`);
    await page.waitForFunction(atEnd, plain.frames, { timeout: 600_000, polling: 50 });
    wallMs = Date.now() - started;
  });
  const busy = hot.filter((f) => f.name !== '(idle)' && f.name !== '(program)').reduce((sum, f) => sum + f.selfMs, 0);
  const program = hot.find((f) => f.name === '(program)')?.selfMs ?? 0;
  console.log(`${basename(recording.path)}: open ${wallMs} ms; JS busy ${busy.toFixed(0)} ms, (program) ${program.toFixed(0)} ms`);
  for (const f of topByTotal(hot, Number(process.env.TOP ?? 40))) console.log(`  ${f.totalMs.toFixed(0).padStart(6)} total ${f.selfMs.toFixed(0).padStart(6)} self  ${f.name}`);
  console.log('  -- by self time');
  for (const f of hot.slice(0, 30)) console.log(`  ${f.selfMs.toFixed(0).padStart(6)} self  ${f.name}`);
} finally {
  await browser.close();
}
