/**
 * Runs layoutGraph off the main thread for large graphs (use-canvas-layout.ts decides).
 * Same pure function as the synchronous path, so both give the same picture.
 * Protocol: receives `{ id, input }`, answers `{ id, result }` or `{ id, error }`.
 */
import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import type { LayoutInput, LayoutResult } from '@/features/canvas/layout/layout-types';
import { errorMessage } from '@/lib/error-message';

export type LayoutRequest = Readonly<{ id: number; input: LayoutInput }>;
export type LayoutReply = Readonly<{ id: number; result: LayoutResult } | { id: number; error: string }>;

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, input } = event.data;
  let reply: LayoutReply;
  try {
    reply = { id, result: layoutGraph(input) };
  } catch (error) {
    reply = { id, error: errorMessage(error) };
  }
  self.postMessage(reply);
};
