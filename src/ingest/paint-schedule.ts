/**
 * When ingest flushes a batch into the stores. Each socket message arrives as its own
 * task, so a microtask flush would commit once per message (2,000 React commits a
 * second at 2,000 events/s). We align flushes to animation frames while the tab is
 * visible and fall back to a timer when it is hidden, where rAF stalls. One flush is a
 * paint (docs/ARCHITECTURE.md "Glossary": "frame" is what a transport delivers).
 */
export type PaintSchedule = (flush: () => void) => void;

const HIDDEN_TAB_FLUSH_MS = 200;

export function createPaintSchedule(): PaintSchedule {
  return (flush) => {
    const hidden = typeof document !== 'undefined' && document.hidden;
    if (!hidden && typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
    else setTimeout(flush, HIDDEN_TAB_FLUSH_MS);
  };
}

/** Tests and Node benchmarks: flush synchronously inside the same call. */
export const paintAtOnce: PaintSchedule = (flush) => flush();
