/**
 * A Chromium CPU profile of the page while `during` runs (CDP Profiler), summed by
 * function: self time per `name (file:line)`, biggest first. For finding what a long
 * task is made of (issue 15); not a benchmark figure. Build the app unminified for
 * readable names: `npx vite build --minify false --outDir bench/out/dist-profile`.
 */
import type { Page } from 'playwright-core';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type HotFunction = Readonly<{ name: string; selfMs: number; totalMs: number }>;

export async function profileDuring(page: Page, during: () => Promise<void>): Promise<HotFunction[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await during();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  return summarise(profile);
}

function summarise(profile: Profile): HotFunction[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
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
    .sort((a, b) => b.selfMs - a.selfMs);
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
