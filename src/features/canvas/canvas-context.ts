/**
 * What the canvas hands down to its custom nodes besides React Flow's props:
 *  - `setGroupExpanded`: expands or collapses a fan-out group (stable for the canvas'
 *    life, so reading it re-renders nothing);
 *  - `groupMembers`: view id → member ids, for the mini-map (changes only on layout).
 * Provided by run-canvas.tsx; the defaults keep a node renderable on its own in tests.
 */
import { createContext } from 'react';

export type CanvasActions = Readonly<{ setGroupExpanded: (groupKey: string, expanded: boolean) => void }>;

export const CanvasActionsContext = createContext<CanvasActions>({ setGroupExpanded: () => {} });

export const GroupMembersContext = createContext<Readonly<Record<string, readonly string[]>>>({});
