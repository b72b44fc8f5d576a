import { memo, useId } from 'react';

import type { ReplayMark, ReplayMarkKind } from '@/features/replay/replay-controller';

const MARK_CLASS: Record<ReplayMarkKind, string> = {
  chapter: 'bg-sky-500 h-3',
  gate: 'bg-amber-500 h-3',
  failure: 'bg-red-600 h-3',
};

const MARK_TEXT: Record<ReplayMarkKind, string> = { chapter: 'chapter', gate: 'gate', failure: 'failure' };

type Props = Readonly<{ position: number; min: number; total: number; marks: readonly ReplayMark[]; onSeek: (position: number) => void }>;

/**
 * The replay scrubber: a native range input (keyboard, screen readers: "frame N of M")
 * with chapters, gates and failures marked under the track. Marks are also listed for
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
 * The marks under the track and their list: a recording's whole set (a long run has
 * thousands: every failure), the same at every position, so a seek skips them (memo)
 * rather than comparing them all again.
 */
const ScrubberMarks = memo(function ScrubberMarks({ listId, min, total, marks }: Readonly<{ listId: string; min: number; total: number; marks: readonly ReplayMark[] }>) {
  const span = Math.max(1, total - min);
  return (
    <>
      <div aria-hidden className="relative h-3">
        {marks.map((mark, i) => (
          <span
            key={`${mark.kind}-${mark.position}-${i}`}
            title={`${MARK_TEXT[mark.kind]}: ${mark.label} (frame ${mark.position})`}
            className={`absolute top-0 w-0.5 ${MARK_CLASS[mark.kind]}`}
            style={{ left: `${((mark.position - min) / span) * 100}%` }}
          />
        ))}
      </div>
      <ul id={listId} className="sr-only">
        {marks.map((mark, i) => (
          <li key={`${mark.kind}-${mark.position}-${i}`}>{`${MARK_TEXT[mark.kind]} at frame ${mark.position}: ${mark.label}`}</li>
        ))}
      </ul>
    </>
  );
});
