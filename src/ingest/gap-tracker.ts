/**
 * Gap bookkeeping for ingest: which gaps are open, where to resume so a replay or a
 * resumed stream covers them, and the timeline rows that say a gap was found and how it
 * was filled. Owned by ingest (create-ingest.ts is its only writer).
 *
 * Why a resume cursor separate from the latest one: when a gap is declared the sequencer
 * has already released the frames after the hole, so the latest cursor points past it. A
 * replay (`sinceSeq`) or a resumed stream (`Last-Event-ID`) from there would never send the
 * missing frames. While a gap is open, every resume starts just before the hole instead;
 * what comes twice is dropped by the sequencer.
 */
import type { RunEvent } from '@/protocol/run-event';

import type { GapReport } from '@/ingest/sequencer';

/** How a gap was filled, as the timeline says it. */
export type FillSource = 'snapshot' | 'replay' | 'history' | 'resumed stream' | 'late frame' | 'replay after reconnect';

const CURSOR_MEMORY = 4096;

export function createGapTracker() {
  /** Cursor each released ordered frame carried, by `scope#seq` (bounded, oldest first out). */
  const cursorByKey = new Map<string, string>();
  let open: GapReport[] = [];
  let holeCursor: { value: string | undefined } | undefined;

  return {
    noteCursor(key: string, cursor: string): void {
      cursorByKey.set(key, cursor);
      if (cursorByKey.size > CURSOR_MEMORY) {
        const oldest = cursorByKey.keys().next().value;
        if (oldest !== undefined) cursorByKey.delete(oldest);
      }
    },

    /**
     * Records a gap; the first open gap fixes the resume cursor: the frame before its hole
     * (none: the scope's start), or `latest` when nothing past the hole was released
     * (releaseOnGap false), which is then the frame before it, whatever scope it was in.
     */
    opened(gap: GapReport, latest: string | undefined, releasedPastHole: boolean): void {
      if (!holeCursor) holeCursor = { value: releasedPastHole ? cursorByKey.get(`${gap.scope}#${gap.fromSeq - 1}`) : latest };
      open.push(gap);
    },

    get isOpen(): boolean {
      return open.length > 0;
    },

    /** Where a resume must start: before the first open hole, else after the latest frame. */
    resumeCursor(latest: string | undefined): string | undefined {
      return holeCursor ? holeCursor.value : latest;
    },

    /** Closes every open gap: the rows that say how each was filled. */
    filled(how: FillSource, atMs: number): RunEvent[] {
      const rows = open.map((gap): RunEvent => ({ type: 'log', level: 'info', source: 'runboard', message: `Gap: ${span(gap)} filled by ${how}`, atMs }));
      open = [];
      holeCursor = undefined;
      return rows;
    },
  };
}

export function span(gap: GapReport): string {
  return gap.fromSeq === gap.toSeq ? `event #${gap.fromSeq}` : `events #${gap.fromSeq}–#${gap.toSeq}`;
}
