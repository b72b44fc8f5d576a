/**
 * On a big graph nodes leave React Flow in two steps: first handed over `hidden` (React
 * Flow culls there, so it unmounts them while its store still holds them), then dropped a
 * moment later.
 *
 * Why: React Flow's node wrapper reads its node from the store in a selector that assumes
 * the node is there. Dropped at once, every leaving wrapper is still subscribed when the
 * store loses its node, so each store update throws (and is caught) once per leaving node
 * before React gets to unmount it — 100 throws per update when a growing run crosses
 * into the overview (benchmark 3's growing run), and again on every re-window of a big
 * graph. Hidden first, the wrappers go while their nodes still exist; dropped later, no
 * one is subscribed to them any more.
 */
import { useEffect, useState } from 'react';

import type { CanvasNode } from '@/features/canvas/layout/layout-types';

type Exit = Readonly<{ input: CanvasNode[]; shown: CanvasNode[]; hiding: boolean }>;

/** `next`, plus a hidden copy of every node `shown` held (and had not hidden yet) that `next` lacks. */
export function withLeaversHidden(shown: readonly CanvasNode[], next: CanvasNode[]): CanvasNode[] {
  if (shown.length === 0) return next;
  const stays = new Set<string>();
  for (const node of next) stays.add(node.id);
  const leaving: CanvasNode[] = [];
  for (const node of shown) if (!node.hidden && !stays.has(node.id)) leaving.push({ ...node, hidden: true });
  return leaving.length === 0 ? next : [...next, ...leaving];
}

/**
 * What to hand React Flow for `nodes`. Only while `gentle` (a big graph, where React Flow
 * holds a window of it and culls): a small graph loses a node or two at a time, and with
 * culling off its hidden wrappers would stay mounted.
 */
export function useGentleExit(nodes: CanvasNode[], gentle: boolean): CanvasNode[] {
  const [exit, setExit] = useState<Exit>(() => ({ input: nodes, shown: nodes, hiding: false }));
  let current = exit;
  if (exit.input !== nodes) {
    // Adjusting state while rendering: React Flow never sees `nodes` without the leavers first.
    const shown = gentle ? withLeaversHidden(exit.shown, nodes) : nodes;
    current = { input: nodes, shown, hiding: shown !== nodes };
    setExit(current);
  }
  useEffect(() => {
    if (!exit.hiding) return;
    // After the commit that unmounted them (a timer: not in the same frame's work).
    const timer = setTimeout(() => setExit((e) => (e === exit ? { input: e.input, shown: e.input, hiding: false } : e)), 0);
    return () => clearTimeout(timer);
  }, [exit]);
  return current.shown;
}
