/**
 * Runs the layout off the main thread for large graphs (use-canvas-layout.ts decides).
 * Same pure functions as the synchronous path, so both give the same picture.
 * Protocol: `{ id, input }` answers `{ id, result }` (layoutGraph) or `{ id, error }`;
 * `{ id, compact }` (big graphs, compact-layout.ts) answers `{ id, layout }` with its typed
 * arrays transferred, not copied. The worker keeps its last few compact answers, so a
 * request names the one it grows from (`previous`) instead of sending 50,000 positions back.
 */
import { compactLayout, type CompactInput, type CompactLayout, type PreviousLayout } from '@/features/canvas/layout/compact-layout';
import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import type { LayoutInput, LayoutResult } from '@/features/canvas/layout/layout-types';
import { errorMessage } from '@/lib/error-message';

export type CompactRequest = Readonly<{ id: number; compact: Omit<CompactInput, 'previous'>; previous: number | undefined }>;
export type LayoutRequest = Readonly<{ id: number; input: LayoutInput }> | CompactRequest;
export type LayoutReply = Readonly<{ id: number; result: LayoutResult } | { id: number; layout: CompactLayout } | { id: number; error: string }>;

/** Answers kept to grow from: the newest few (a newer request may name one the page has not shown yet). */
const KEEP = 4;
const answers = new Map<number, PreviousLayout>();

function remember(id: number, layout: CompactLayout) {
  answers.set(id, { viewIds: layout.viewIds, x: layout.x.slice(), y: layout.y.slice(), rank: layout.rank.slice() });
  for (const key of answers.keys()) if (answers.size > KEEP) answers.delete(key);
}

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const request = event.data;
  const { id } = request;
  try {
    if ('input' in request) return self.postMessage({ id, result: layoutGraph(request.input) } satisfies LayoutReply);
    const previous = request.previous === undefined ? undefined : answers.get(request.previous);
    const layout = compactLayout({ ...request.compact, previous });
    remember(id, layout);
    const { x, y, rank, groupAt, edgeFrom, edgeTo } = layout;
    self.postMessage({ id, layout } satisfies LayoutReply, { transfer: [x.buffer, y.buffer, rank.buffer, groupAt.buffer, edgeFrom.buffer, edgeTo.buffer] });
  } catch (error) {
    self.postMessage({ id, error: errorMessage(error) } satisfies LayoutReply);
  }
};
