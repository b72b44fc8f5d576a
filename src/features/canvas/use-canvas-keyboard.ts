/**
 * Keyboard on the canvas, handled once on React Flow's root (events bubble up from the
 * focused node wrapper, which React Flow makes focusable):
 *  - Enter / Space: select the focused step (a group: expand it);
 *  - Escape: clear the selection;
 *  - arrows: move focus and selection to the nearest node that way (navigate.ts).
 * A node scrolled out of a culled canvas is brought into view before it is focused.
 */
import { useReactFlow } from '@xyflow/react';
import { useCallback, type KeyboardEvent, type RefObject } from 'react';

import type { CanvasNode } from '@/features/canvas/layout/layout-types';
import { directionOfKey, nearestInDirection, type NavBox } from '@/features/canvas/navigate';

type Options = Readonly<{
  rootRef: RefObject<HTMLDivElement | null>;
  nodes: readonly CanvasNode[];
  onSelectNode: (nodeId: string | undefined) => void;
  setGroupExpanded: (groupKey: string, expanded: boolean) => void;
}>;

export function useCanvasKeyboard({ rootRef, nodes, onSelectNode, setGroupExpanded }: Options) {
  const flow = useReactFlow();
  const activate = useCallback(
    (node: CanvasNode) => {
      if (node.type === 'runGroup') setGroupExpanded(node.data.groupKey, true);
      else onSelectNode(node.id);
    },
    [onSelectNode, setGroupExpanded],
  );
  const focusNode = useCallback(
    (node: CanvasNode) => {
      const find = () => rootRef.current?.querySelector<HTMLElement>(`.react-flow__node[data-id="${escapeAttr(node.id)}"]`);
      const element = find();
      if (element) return element.focus();
      // Culled (off-screen, not in the DOM): centre it, then focus once it is rendered.
      void flow.setCenter(node.position.x + (node.width ?? 0) / 2, node.position.y + (node.height ?? 0) / 2, { zoom: flow.getZoom() });
      requestAnimationFrame(() => requestAnimationFrame(() => find()?.focus()));
    },
    [flow, rootRef],
  );
  return useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const target = event.target as HTMLElement;
      if (!target.classList.contains('react-flow__node')) return; // keys inside buttons stay theirs
      const current = nodes.find((n) => n.id === target.dataset.id);
      if (!current) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        activate(current);
      } else if (event.key === 'Escape') onSelectNode(undefined);
      else {
        const direction = directionOfKey(event.key);
        if (!direction) return;
        event.preventDefault();
        const nextId = nearestInDirection(toBox(current), nodes.map(toBox), direction);
        const next = nodes.find((n) => n.id === nextId);
        if (!next) return;
        focusNode(next);
        if (next.type === 'run') onSelectNode(next.id);
      }
    },
    [nodes, activate, focusNode, onSelectNode],
  );
}

const toBox = (n: CanvasNode): NavBox => ({ id: n.id, x: n.position.x, y: n.position.y, width: n.width ?? 0, height: n.height ?? 0 });

function escapeAttr(value: string): string {
  return typeof CSS !== 'undefined' && typeof CSS.escape === 'function' ? CSS.escape(value) : value.replace(/["\\]/g, '\\$&');
}
