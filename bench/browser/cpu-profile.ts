/**
 * A Chromium CPU profile of the page while `during` runs (CDP Profiler), summed by
 * function: self time per `name (file:line)`, biggest first. For finding what a long
 * task is made of (issue 15); not a benchmark figure. Build the app unminified for
 * readable names: `npx vite build --minify false --outDir bench/out/dist-profile`.
 */
import { writeFileSync } from 'node:fs';

import type { Page } from 'playwright-core';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type HotFunction = Readonly<{ name: string; selfMs: number; totalMs: number }>;

export type LongTask = Readonly<{ ms: number; top: HotFunction[] }>;

const INTERVAL_US = 200;
/**
 * `SAMPLES=count`: weigh each sample as one interval instead of the time since the last
 * one. On a loaded machine a descheduled renderer hands its whole pause to whichever
 * function the next sample lands in; a count follows the renderer's own CPU time.
 */
const BY_SAMPLE = process.env.SAMPLES === 'count';

export async function profileDuring(page: Page, during: () => Promise<void>): Promise<{ hot: HotFunction[]; longTasks: LongTask[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: INTERVAL_US });
  await cdp.send('Profiler.start');
  await during();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  // PROFILE_OUT=file.cpuprofile: the raw profile too, for DevTools or a tree of one subtree.
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  return { hot: summarize(profile, 0, profile.samples.length), longTasks: longTasks(profile, 50) };
}

/**
 * Runs of consecutive busy samples (not idle) longer than `thresholdMs`: the long tasks,
 * read from the profile itself so no clocks need aligning; each with its heaviest functions.
 */
function longTasks(profile: Profile, thresholdMs: number): LongTask[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out: LongTask[] = [];
  let start = -1;
  let busyUs = 0;
  const close = (end: number) => {
    if (start >= 0 && busyUs / 1000 > thresholdMs) out.push({ ms: busyUs / 1000, top: summarize(profile, start, end).slice(0, Number(process.env.TOP ?? 16)) });
    start = -1;
    busyUs = 0;
  };
  profile.samples.forEach((id, i) => {
    if (byId.get(id)?.callFrame.functionName === '(idle)') return close(i);
    if (start < 0) start = i;
    busyUs += profile.timeDeltas[i] ?? 0;
  });
  close(profile.samples.length);
  return out;
}

function summarize(profile: Profile, from: number, to: number): HotFunction[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = from; i < to; i++) {
    const id = profile.samples[i] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (BY_SAMPLE ? INTERVAL_US : (profile.timeDeltas[i] ?? 0)));
  }
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = label(byId.get(at));
      if (at === id) self.set(key, (self.get(key) ?? 0) + us);
      if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + us);
      seen.add(key);
    }
  }
  return [...self.entries()]
    .map(([name, us]) => ({ name, selfMs: us / 1000, totalMs: (total.get(name) ?? 0) / 1000 }))
    .sort((a, b) => (process.env.SORT === 'total' ? b.totalMs - a.totalMs : b.selfMs - a.selfMs));
}

function label(node: ProfileNode | undefined): string {
  if (!node) return '?';
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split('/').pop() ?? '';
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
}

/** The top functions by total (inclusive) time, for callers. */
export function topByTotal(hot: readonly HotFunction[], count: number): HotFunction[] {
  return [...hot].sort((a, b) => b.totalMs - a.totalMs).slice(0, count);
}
