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

import { compactLayout } from '@/features/canvas/layout/compact-layout';
import { compactResult } from '@/features/canvas/layout/compact-result';
import { indexGraph } from '@/features/canvas/layout/graph-index';
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
/**
 * Above this many graph nodes the layout runs on integers (compact-layout.ts: same
 * picture) and React Flow objects are built only for the steps it shows. Measured on
 * benchmark 4's 50,000-node graph: layoutGraph 2–3 s plus 1–2 s to clone its objects
 * across the worker boundary, the compact layout a tenth of that.
 */
export const COMPACT_ABOVE = 1_000;

/**
 * A graph with no edges at all (relavium: steps are placed by start time) lays out on
 * integers from this many steps: the overview draws it (run-canvas.tsx' OVERVIEW_ABOVE),
 * so React Flow objects are wanted only for the zoomed-in window. Laying out a thousand
 * edge-less steps as objects took ~10 ms, on integers ~2 ms (a replay seek re-lays them
 * every time: their start times change).
 */
export const LOOSE_COMPACT_ABOVE = 100;

type Overrides = Readonly<Record<string, boolean>>;
type Wanted = Readonly<{ graph: GraphState; overrides: Overrides; direction: LayoutDirection; waveKey: string }>;
/** `token`: the worker's id of a compact answer (the worker grows the next layout from it). */
type Applied = Wanted & Readonly<{ result: LayoutResult | undefined; token?: number }>;

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
  if ((!offThread || inPlace(applied, wanted)) && (stale || applied.result === undefined)) {
    // Adjusting state while rendering: React re-renders before committing, so no frame
    // ever shows the old layout for the new graph.
    current = { ...wanted, result: compute(wanted, applied) };
    setApplied(current);
  }
  useWorkerLayout(offThread && (stale || applied.result === undefined), wanted, applied, setApplied, setWorkerFailed);
  return current.result;
}

/**
 * Layouts cheap enough to do here rather than in the worker, once a first one is shown:
 * only the waves moved (the same graph, grouping and direction: connected steps keep their
 * places, edge-less ones are put in columns by start time), or the graph has no edges at
 * all (relavium: every step is placed by start time, no dagre). A few ms for a thousand
 * steps. A replay's seek changes a relavium run's waves every time; through the worker,
 * the frame after a seek drew the seeked statuses at the previous position's places, and
 * the answer cost as much main thread (cloned back, a second render) as laying it out.
 * Not above COMPACT_ABOVE steps, where the worker keeps its layout to grow the next one from.
 */
function inPlace(applied: Applied, wanted: Wanted): boolean {
  if (applied.result === undefined || wanted.graph.order.length > COMPACT_ABOVE) return false;
  if (wanted.graph.edges.length === 0) return true;
  return applied.graph === wanted.graph && applied.overrides === wanted.overrides && applied.direction === wanted.direction;
}

/** Grouping or direction changed: the person asked for a new picture, so lay out afresh. */
function previousFor(applied: Applied | undefined, overrides: Overrides, direction: LayoutDirection) {
  if (!applied?.result || applied.overrides !== overrides || applied.direction !== direction) return EMPTY_POSITIONS;
  return applied.result.positions;
}

function toInput({ graph, overrides, direction, waveKey }: Wanted, applied: Applied | undefined): LayoutInput {
  return { graph, groupOverrides: overrides, direction, previous: previousFor(applied, overrides, direction), waves: parseWaveKey(waveKey) };
}

function compute(wanted: Wanted, applied: Applied | undefined): LayoutResult {
  // React Flow re-renders a node whose object is new: the ones the layout did not move keep theirs.
  if (!isCompact(wanted.graph)) return keepUnchanged(applied?.result, layoutGraph(toInput(wanted, applied)));
  const { graph, overrides, direction, waveKey } = wanted;
  const indexed = indexGraph(graph);
  const previous = growsFrom(applied, overrides, direction) ? applied?.result?.compact?.layout : undefined;
  return compactResult(compactLayout({ graph: indexed, overrides, direction, previous, waves: parseWaveKey(waveKey) }), indexed, graph, direction);
}

const isCompact = (graph: GraphState) => graph.order.length > COMPACT_ABOVE || (graph.edges.length === 0 && graph.order.length > LOOSE_COMPACT_ABOVE);

/** A new layout grows from the one shown unless the person asked for a new picture (previousFor). */
const growsFrom = (applied: Applied | undefined, overrides: Overrides, direction: LayoutDirection) =>
  applied?.result !== undefined && applied.overrides === overrides && applied.direction === direction;

/** The worker's request: a big graph as integers (its typed arrays copied, the page keeps them), else layoutGraph's input. */
function request(id: number, want: Wanted, applied: Applied): { message: LayoutRequest; reply: (data: LayoutReply) => Applied | undefined } {
  if (!isCompact(want.graph)) {
    return { message: { id, input: toInput(want, applied) }, reply: (data) => ('result' in data ? { ...want, result: keepUnchanged(applied.result, data.result) } : undefined) };
  }
  const { graph, overrides, direction, waveKey } = want;
  const indexed = indexGraph(graph);
  const previous = growsFrom(applied, overrides, direction) ? applied.token : undefined;
  return {
    message: { id, compact: { graph: indexed, overrides, direction, waves: parseWaveKey(waveKey) }, previous },
    reply: (data) => ('layout' in data ? { ...want, result: compactResult(data.layout, indexed, graph, direction), token: id } : undefined),
  };
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
    const { message, reply } = request(id, { graph, overrides, direction, waveKey }, applied);
    worker.onmessage = (event: MessageEvent<LayoutReply>) => {
      if (event.data.id !== requestRef.current) return; // a newer graph is already on its way
      const next = reply(event.data);
      if (next) setApplied(next);
      else setFailed(true);
    };
    worker.onerror = () => setFailed(true);
    worker.postMessage(message);
    // `applied` is read for its previous positions only; re-posting when it changes would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, graph, overrides, direction, waveKey]);
}
