/**
 * Benchmark 8's page: one overview candidate (?candidate=canvas2d|pixi|sigma) draws the
 * 10,000-node / ~15,000-edge layout of benchmark 4's graph (laid out by the product's own
 * layoutGraph), then pans and zooms for 240 frames, then does it again while 1,000
 * statuses a second change. Results land in `window.__result`.
 */
import { NODE_STATUSES } from '@/protocol/run-event';

import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import { buildScene } from '@/features/canvas/overview/overview-scene';

import type { Candidate, CandidateView, CreateCandidate } from './candidate';

const LOADERS: Record<string, () => Promise<{ create: CreateCandidate }>> = {
  canvas2d: () => import('./canvas2d'),
  pixi: () => import('./pixi'),
  sigma: () => import('./sigma'),
};

function bigGraph(n: number) {
  const ids = Array.from({ length: n }, (_, i) => `t${i}`);
  const edges: { source: string; target: string }[] = [];
  for (let i = 1; i < n; i++) {
    edges.push({ source: `t${Math.floor((i - 1) / 2)}`, target: `t${i}` });
    if (i % 2 === 0 && i > 2) edges.push({ source: `t${Math.floor((i - 3) / 2)}`, target: `t${i}` });
  }
  return { nodes: Object.fromEntries(ids.map((id, i) => [id, { id, label: `Task ${i}` }])), order: ids, edges, version: 1 };
}

/** Longest time one animation may take (software WebGL can draw a frame a second). */
const MAX_MS = 10_000;

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

async function animate(candidate: Candidate, fit: CandidateView, frames: number, statusesPerFrame: number, statusCount: number): Promise<number[]> {
  const deltas: number[] = [];
  let last = await frame();
  const until = last + MAX_MS;
  let next = 0;
  // A slow candidate stops after MAX_MS: its p95 then stands on fewer frames.
  for (let f = 0; f < frames && last < until; f++) {
    const t = f / frames;
    const zoom = fit.zoom * (1 + 4 * Math.sin(Math.PI * t));
    const view = { ...fit, zoom, tx: fit.width / 2 - (fit.width / 2 - fit.tx) * (zoom / fit.zoom) + 200 * Math.sin(6 * t), ty: fit.ty + 80 * Math.cos(5 * t) };
    for (let s = 0; s < statusesPerFrame; s++) candidate.setStatus((next = (next + 7919) % statusCount), (next % (NODE_STATUSES.length - 1)) + 1);
    candidate.render(view);
    const now = await frame();
    deltas.push(now - last);
    last = now;
  }
  return deltas;
}

async function run() {
  const name = new URLSearchParams(location.search).get('candidate') ?? 'canvas2d';
  const stage = document.getElementById('stage') as HTMLElement;
  const layout = layoutGraph({ graph: bigGraph(10_000), previous: {}, groupOverrides: {} });
  const scene = buildScene(layout, 'LR');
  const statuses = new Uint8Array(scene.ids.length).map((_, i) => (i < 3_000 ? 2 : 0));
  const started = performance.now();
  const loader = LOADERS[name];
  if (!loader) throw new Error(`unknown candidate ${name}`);
  const { create } = await loader();
  const candidate = await create(stage, scene, statuses);
  const width = stage.clientWidth;
  const height = stage.clientHeight;
  const zoom = Math.min(width / scene.bounds.width, height / scene.bounds.height) * 0.9;
  const fit = { zoom, width, height, tx: (width - scene.bounds.width * zoom) / 2 - scene.bounds.x * zoom, ty: (height - scene.bounds.height * zoom) / 2 - scene.bounds.y * zoom };
  candidate.render(fit);
  await frame();
  await frame();
  const firstDraw = performance.now() - started;
  const panZoom = await animate(candidate, fit, 240, 0, scene.ids.length);
  const storm = await animate(candidate, fit, 240, 17, scene.ids.length);
  (window as unknown as { __result: unknown }).__result = { firstDraw, panZoom, storm };
  document.title = 'done';
}

run().catch((error: unknown) => {
  (window as unknown as { __result: unknown }).__result = { error: String(error) };
});
