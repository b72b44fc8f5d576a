/**
 * Draws the overview's edge bitmap off the main thread (edge-layer.ts decides when): the
 * same drawEdges as the main-thread fallback, onto an OffscreenCanvas, handed back as an
 * ImageBitmap (transferred, not copied). 15,000 edges take 0.1–0.4 s to rasterise without
 * a GPU; here that time no longer stops the page's frames.
 * Protocol: `{ scene }` replaces the geometry; `{ id, view, style }` answers `{ id, bitmap }`.
 */
import { drawEdges, type EdgeGeometry, type EdgeStyle, type EdgeView } from '@/features/canvas/overview/draw-edges';

export type EdgeWorkerRequest = Readonly<{ scene: EdgeGeometry } | { id: number; view: EdgeView; style: EdgeStyle }>;
export type EdgeWorkerReply = Readonly<{ id: number; bitmap: ImageBitmap }>;

let geometry: EdgeGeometry | undefined;
let canvas: OffscreenCanvas | undefined;

self.onmessage = (event: MessageEvent<EdgeWorkerRequest>) => {
  const request = event.data;
  if ('scene' in request) {
    geometry = request.scene;
    return;
  }
  const { id, view, style } = request;
  const width = Math.max(1, Math.round(view.width * view.dpr));
  const height = Math.max(1, Math.round(view.height * view.dpr));
  canvas ??= new OffscreenCanvas(width, height);
  canvas.width = width; // also clears it
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (ctx && geometry) {
    ctx.setTransform(view.dpr, 0, 0, view.dpr, 0, 0);
    drawEdges(ctx, geometry, view, style);
  }
  const bitmap = canvas.transferToImageBitmap();
  const reply: EdgeWorkerReply = { id, bitmap };
  self.postMessage(reply, { transfer: [bitmap] });
};
