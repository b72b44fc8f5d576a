/**
 * The last lines of a running node's streamed text, written straight into the DOM
 * (features/canvas/README.md), like elapsed-clock.tsx.
 *
 * Why not React: every ingest batch that carries a token replaces the node's tail (the run
 * store's `tails`), so with 20 streaming nodes the canvas re-rendered 20 node bodies per frame
 * (benchmark 3). This <pre> subscribes to its node's tail and sets `textContent`; React renders it once,
 * with no children, so it never overwrites the text. The <pre> is `hidden` while there is
 * nothing to show, so it takes no room and is not read out.
 */
import { memo, useLayoutEffect, useRef } from 'react';

import { useRunSession } from '@/stores/run-session';
import { tailOf } from '@/stores/tails';

const TAIL_LINES = 2;
const TAIL_LINE_CHARS = 60;

/** The last non-empty lines of streamed text, each cut to fit the node. */
export function lastLines(tail: string, count = TAIL_LINES): string {
  return tail
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0)
    .slice(-count)
    .map((line) => (line.length > TAIL_LINE_CHARS ? `…${line.slice(-TAIL_LINE_CHARS + 1)}` : line))
    .join('\n');
}

export const NodeTail = memo(function NodeTail({ nodeId }: { nodeId: string }) {
  const store = useRunSession().run;
  const ref = useRef<HTMLPreElement>(null);
  // A layout effect: the first text is in place before the node is first painted.
  useLayoutEffect(() => {
    const paint = (tail: string) => {
      const el = ref.current;
      if (!el) return;
      const text = lastLines(tail);
      if (el.textContent !== text) el.textContent = text;
      if (el.hidden !== (text.length === 0)) el.hidden = text.length === 0;
    };
    paint(tailOf(store.getState().tails, nodeId) ?? '');
    return store.subscribe((state, prev) => {
      if (state.tails === prev.tails) return;
      const tail = tailOf(state.tails, nodeId);
      if (tail !== tailOf(prev.tails, nodeId)) paint(tail ?? '');
    });
  }, [store, nodeId]);
  return (
    <pre
      ref={ref}
      data-testid="node-tail"
      className="line-clamp-2 overflow-hidden whitespace-pre-wrap break-all font-mono text-[10px] leading-tight text-slate-700 dark:text-slate-300"
    />
  );
});
