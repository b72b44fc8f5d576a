import { memo, useId, useMemo } from 'react';

import type { ReplayMark, ReplayMarkKind } from '@/features/replay/replay-controller';
import { markDescriptions, scrubberTicks } from '@/features/replay/scrubber-ticks';

const MARK_CLASS: Record<ReplayMarkKind, string> = {
  chapter: 'bg-sky-500 h-3',
  gate: 'bg-amber-500 h-3',
  failure: 'bg-red-600 h-3',
};

type Props = Readonly<{ position: number; min: number; total: number; marks: readonly ReplayMark[]; onSeek: (position: number) => void }>;

/**
 * The replay scrubber: a native range input (keyboard, screen readers: "frame N of M")
 * with chapters, gates and failures marked under the track. Marks are also described for
 * assistive tech, since ticks alone are visual only.
 */
export function ReplayScrubber({ position, min, total, marks, onSeek }: Props) {
  const listId = useId();
  return (
    <div className="relative flex min-w-48 flex-1 flex-col">
      <input
        type="range"
        aria-label="Replay position"
        aria-describedby={listId}
        min={min}
        max={total}
        step={1}
        value={position}
        aria-valuetext={`frame ${position} of ${total}`}
        onChange={(e) => onSeek(Number(e.target.value))}
        className="w-full accent-sky-600"
      />
      <ScrubberMarks listId={listId} min={min} total={total} marks={marks} />
    </div>
  );
}

/**
 * The marks under the track and their description (scrubber-ticks.ts: bounded, however many
 * marks a recording has), the same at every position, so a seek skips them (memo).
 */
const ScrubberMarks = memo(function ScrubberMarks({ listId, min, total, marks }: Readonly<{ listId: string; min: number; total: number; marks: readonly ReplayMark[] }>) {
  const ticks = useMemo(() => scrubberTicks(marks, min, total), [marks, min, total]);
  const described = useMemo(() => markDescriptions(marks), [marks]);
  return (
    <>
      <div aria-hidden className="relative h-3">
        {ticks.map((tick) => (
          <span key={tick.leftPercent} title={tick.title} className={`absolute top-0 w-0.5 ${MARK_CLASS[tick.kind]}`} style={{ left: `${tick.leftPercent}%` }} />
        ))}
      </div>
      <ul id={listId} className="sr-only">
        {described.map((text, i) => (
          <li key={`${i}:${text}`}>{text}</li>
        ))}
      </ul>
    </>
  );
});
