/**
 * The overview's edges as a cached bitmap. 15,000 edges are most of a frame's drawing
 * (software rasterisation on machines without a GPU), yet they change only with the
 * layout: so they are drawn into a bitmap half a view larger on every side, moved while
 * the person pans and scaled while they zoom. A fresh copy is drawn when the view leaves
 * what the copy covers or is zoomed more than MAX_SCALE from it, when what the edges look
 * like changes (theme, React Flow's window), and when the view rests on a scaled copy.
 *
 * Where a worker can draw (OffscreenCanvas), the fresh copy is drawn in edge.worker.ts —
 * one request at a time, the newest wins — and the old copy stays on screen until it
 * lands, so a redraw never stops a frame (it took 0.1–0.4 s, benchmark 4). Elsewhere
 * (jsdom, old browsers, a failed worker) it is drawn here and then.
 */
import { drawEdges, type EdgeStyle, type EdgeView } from '@/features/canvas/overview/draw-edges';
import type { EdgeWorkerReply, EdgeWorkerRequest } from '@/features/canvas/overview/edge.worker';
import type { OverviewScene } from '@/features/canvas/overview/overview-scene';

/** Zooming further than this from the copy asks for a fresh one (a blurred copy would show). */
const MAX_SCALE = 2;

export type Copy = Readonly<{ image: HTMLCanvasElement | ImageBitmap; view: EdgeView; scene: OverviewScene; key: object }>;
type Wanted = Readonly<{ id: number; scene: OverviewScene; key: object; view: EdgeView; style: EdgeStyle }>;

export type EdgeLayer = {
  copy: Copy | undefined;
  /** The newest copy asked for and not received; an older answer is shown meanwhile. */
  wanted: Wanted | undefined;
  inFlight: Wanted | undefined;
  worker: Worker | 'none' | undefined;
  sentScene: OverviewScene | undefined;
  lastId: number;
  /** Called when a copy drawn elsewhere has arrived (the caller draws a frame). */
  onReady: () => void;
};

/** How the edges on screen compare with the view: drawn for it, a scaled copy, or a fresh copy on its way. */
export type EdgePaint = 'exact' | 'scaled' | 'pending';

export function createEdgeLayer(): EdgeLayer {
  return { copy: undefined, wanted: undefined, inFlight: undefined, worker: undefined, sentScene: undefined, lastId: 0, onReady: () => {} };
}

export function disposeEdgeLayer(layer: EdgeLayer): void {
  if (layer.worker instanceof Worker) layer.worker.terminate();
  layer.worker = undefined;
  closeImage(layer.copy);
  Object.assign(layer, { copy: undefined, wanted: undefined, inFlight: undefined, sentScene: undefined });
}

/**
 * Paints the edges onto `ctx` (screen space, dpr already applied) from the copy, asking for
 * a fresh one when it cannot serve or (`sharp`) when the view rests on a scaled one.
 */
export function paintEdges(ctx: CanvasRenderingContext2D, layer: EdgeLayer, scene: OverviewScene, view: EdgeView, style: EdgeStyle, sharp: boolean): EdgePaint {
  const key = styleKey(style);
  const before = coverage(layer.copy, scene, view, key);
  if (before === 'none' || (sharp && before === 'scaled')) request(layer, { id: 0, scene, key, view, style });
  const copy = layer.copy;
  // Even a copy of the previous layout or style: it is in place, and better than no edges until the fresh one lands.
  if (copy) blit(ctx, copy.image, copy.view, view);
  const now = coverage(copy, scene, view, key);
  if (now === 'exact') return 'exact';
  return layer.wanted ? 'pending' : 'scaled';
}

/** Whether `copy` serves `view`: drawn for it, within reach of a scaled copy, or not at all. Pure; edge-layer.test.ts. */
export function coverage(copy: Copy | undefined, scene: OverviewScene, view: EdgeView, key: object): 'exact' | 'scaled' | 'none' {
  if (!copy || copy.scene !== scene || copy.key !== key) return 'none';
  const c = copy.view;
  if (c.width !== view.width || c.height !== view.height || c.dpr !== view.dpr) return 'none';
  const scale = view.zoom / c.zoom;
  if (scale > MAX_SCALE || scale < 1 / MAX_SCALE) return 'none';
  // The view's corners, in the copy's pixels, stay inside the copy (half a view each side).
  const x = view.tx - c.tx * scale + (c.width / 2) * (scale - 1);
  const y = view.ty - c.ty * scale + (c.height / 2) * (scale - 1);
  if (Math.abs(x) > c.width / 2 || Math.abs(y) > c.height / 2) return 'none';
  return scale === 1 ? 'exact' : 'scaled';
}

/** Draws a copy made for view `c` (by copyView: half a view larger each side) where `view` wants it, moved and scaled. */
export function blit(ctx: CanvasRenderingContext2D, image: CanvasImageSource, c: EdgeView, view: EdgeView): void {
  const s = view.zoom / c.zoom;
  const dx = view.tx - (c.tx + c.width / 2) * s;
  const dy = view.ty - (c.ty + c.height / 2) * s;
  ctx.drawImage(image, dx, dy, 2 * c.width * s, 2 * c.height * s);
}

function request(layer: EdgeLayer, want: Wanted) {
  const w = layer.wanted;
  if (w && w.scene === want.scene && w.key === want.key && sameView(w.view, want.view)) return;
  layer.wanted = { ...want, id: ++layer.lastId };
  const worker = workerOf(layer);
  if (worker === 'none') drawHere(layer);
  else if (!layer.inFlight) post(layer, worker);
}

/** The copy's own view: the screen view grown by half a view on every side. */
export function copyView(view: EdgeView): EdgeView {
  return { ...view, tx: view.tx + view.width / 2, ty: view.ty + view.height / 2, width: view.width * 2, height: view.height * 2 };
}

function drawHere(layer: EdgeLayer) {
  const want = layer.wanted;
  if (!want) return;
  layer.wanted = undefined;
  const canvas = layer.copy?.image instanceof HTMLCanvasElement ? layer.copy.image : document.createElement('canvas');
  const big = copyView(want.view);
  canvas.width = Math.round(big.width * big.dpr); // also clears it
  canvas.height = Math.round(big.height * big.dpr);
  const target = canvas.getContext('2d');
  if (target) {
    target.setTransform(big.dpr, 0, 0, big.dpr, 0, 0);
    drawEdges(target, want.scene, big, want.style);
  }
  layer.copy = { image: canvas, view: want.view, scene: want.scene, key: want.key };
}

function post(layer: EdgeLayer, worker: Worker) {
  const want = layer.wanted;
  if (!want) return;
  if (layer.sentScene !== want.scene) {
    const { x, y, edgeFrom, edgeTo, direction } = want.scene;
    worker.postMessage({ scene: { x, y, edgeFrom, edgeTo, direction } } satisfies EdgeWorkerRequest);
    layer.sentScene = want.scene;
  }
  worker.postMessage({ id: want.id, view: copyView(want.view), style: want.style } satisfies EdgeWorkerRequest);
  layer.inFlight = want;
}

function receive(layer: EdgeLayer, worker: Worker, { id, bitmap }: EdgeWorkerReply) {
  const done = layer.inFlight;
  if (!done || done.id !== id) return bitmap.close();
  closeImage(layer.copy);
  layer.copy = { image: bitmap, view: done.view, scene: done.scene, key: done.key };
  layer.inFlight = undefined;
  if (layer.wanted?.id === id) layer.wanted = undefined;
  else post(layer, worker); // the view moved on meanwhile: draw its newest state
  layer.onReady();
}

function workerOf(layer: EdgeLayer): Worker | 'none' {
  if (layer.worker) return layer.worker;
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return (layer.worker = 'none');
  const worker = new Worker(new URL('./edge.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<EdgeWorkerReply>) => receive(layer, worker, event.data);
  // A worker that cannot draw: from now on the edges are drawn here.
  worker.onerror = () => {
    worker.terminate();
    layer.worker = 'none';
    layer.inFlight = undefined;
    drawHere(layer);
    layer.onReady();
  };
  return (layer.worker = worker);
}

function closeImage(copy: Copy | undefined) {
  if (copy && !(copy.image instanceof HTMLCanvasElement)) copy.image.close();
}

const sameView = (a: EdgeView, b: EdgeView) => a.tx === b.tx && a.ty === b.ty && a.zoom === b.zoom && a.width === b.width && a.height === b.height && a.dpr === b.dpr;

/** One object per (theme, React Flow window): what the copy depends on besides the view. */
const styleKeys = new WeakMap<Uint8Array, Record<EdgeStyle['theme'], object>>();
const NO_WINDOW_KEYS: Record<EdgeStyle['theme'], object> = { light: {}, dark: {} };
function styleKey(style: EdgeStyle): object {
  if (!style.inFlow) return NO_WINDOW_KEYS[style.theme];
  let keys = styleKeys.get(style.inFlow);
  if (!keys) styleKeys.set(style.inFlow, (keys = { light: {}, dark: {} }));
  return keys[style.theme];
}
