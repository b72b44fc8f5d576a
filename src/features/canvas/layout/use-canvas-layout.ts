/**
 * Runs the layout when — and only when — the graph's structure or the grouping changes.
 *
 *   graph (new object only on structural change) + groupOverrides
 *     → layoutGraph(previous positions) → LayoutResult held here
 *
 * Small graphs lay out synchronously during render (React's "adjust state while
 * rendering" pattern), so the first paint already has positions. Graphs above
 * WORKER_THRESHOLD nodes go to layout.worker.ts; the previous result stays on screen
 * until the answer arrives, and stale answers are dropped by request id. Where Worker
 * does not exist (jsdom, old embeds) or fails, the synchronous path is used.
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

import type { GraphState } from '@/stores/run-types';

import { keepUnchanged } from '@/features/canvas/layout/keep-unchanged';
import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import type { LayoutDirection, LayoutInput, LayoutResult } from '@/features/canvas/layout/layout-types';
import type { LayoutReply, LayoutRequest } from '@/features/canvas/layout/layout.worker';
import { parseWaveKey } from '@/features/canvas/layout/wave-positions';

/**
 * Above this many graph nodes the layout leaves the main thread. Measured: dagre costs
 * ≈1 ms/node on a fast laptop and ≈3 ms/node on a slow CI box, so 150 nodes is already a
 * visible freeze; incremental updates (a few new steps) skip dagre and stay cheap.
 */
export const WORKER_THRESHOLD = 150;

type Overrides = Readonly<Record<string, boolean>>;
type Wanted = Readonly<{ graph: GraphState; overrides: Overrides; direction: LayoutDirection; waveKey: string }>;
type Applied = Wanted & Readonly<{ result: LayoutResult | undefined }>;

const EMPTY_POSITIONS = {};

/**
 * `waveKey` (wave-positions.ts) says which edge-less steps ran together; it changes only
 * when a step starts or appears, so it re-runs layout no more often than the graph does.
 */
export function useCanvasLayout(graph: GraphState, overrides: Overrides, direction: LayoutDirection, waveKey = ''): LayoutResult | undefined {
  const [workerFailed, setWorkerFailed] = useState(false);
  const offThread = !workerFailed && typeof Worker !== 'undefined' && graph.order.length > WORKER_THRESHOLD;
  const wanted: Wanted = { graph, overrides, direction, waveKey };
  const [applied, setApplied] = useState<Applied>(() => ({ ...wanted, result: offThread ? undefined : compute(wanted, undefined) }));
  const stale = applied.graph !== graph || applied.overrides !== overrides || applied.direction !== direction || applied.waveKey !== waveKey;
  let current = applied;
  if (!offThread && (stale || applied.result === undefined)) {
    // Adjusting state while rendering: React re-renders before committing, so no frame
    // ever shows the old layout for the new graph.
    current = { ...wanted, result: compute(wanted, applied) };
    setApplied(current);
  }
  useWorkerLayout(offThread && (stale || applied.result === undefined), wanted, applied, setApplied, setWorkerFailed);
  return current.result;
}

/** Grouping or direction changed: the person asked for a new picture, so lay out afresh. */
function previousFor(applied: Applied | undefined, overrides: Overrides, direction: LayoutDirection) {
  if (!applied?.result || applied.overrides !== overrides || applied.direction !== direction) return EMPTY_POSITIONS;
  return applied.result.positions;
}

function toInput({ graph, overrides, direction, waveKey }: Wanted, applied: Applied | undefined): LayoutInput {
  return { graph, groupOverrides: overrides, direction, previous: previousFor(applied, overrides, direction), waves: parseWaveKey(waveKey) };
}

function compute(wanted: Wanted, applied: Applied | undefined) {
  return keepUnchanged(applied?.result, layoutGraph(toInput(wanted, applied)));
}

function useWorkerLayout(
  active: boolean,
  wanted: Wanted,
  applied: Applied,
  setApplied: Dispatch<SetStateAction<Applied>>,
  setFailed: (failed: boolean) => void,
): void {
  const workerRef = useRef<Worker | undefined>(undefined);
  const requestRef = useRef(0);
  useEffect(() => () => workerRef.current?.terminate(), []);
  const { graph, overrides, direction, waveKey } = wanted;
  useEffect(() => {
    if (!active) return;
    const worker = (workerRef.current ??= new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' }));
    const id = ++requestRef.current;
    const want: Wanted = { graph, overrides, direction, waveKey };
    worker.onmessage = (event: MessageEvent<LayoutReply>) => {
      if (event.data.id !== requestRef.current) return; // a newer graph is already on its way
      const reply = event.data;
      if ('error' in reply) return setFailed(true);
      setApplied((prev) => ({ ...want, result: keepUnchanged(prev.result, reply.result) }));
    };
    worker.onerror = () => setFailed(true);
    const request: LayoutRequest = { id, input: toInput(want, applied) };
    worker.postMessage(request);
    // `applied` is read for its previous positions only; re-posting when it changes would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, graph, overrides, direction, waveKey]);
}
