/**
 * The raw frames behind the node's rows (what the transport delivered), redacted.
 * Shows the first few; "Show all N frames" lists the rest (each block is bounded anyway).
 */
import { useState } from 'react';

import { JsonBlock } from '@/components/ui/json-block';

const FIRST = 20;

export type RawFramesListProps = Readonly<{
  frames: readonly { row: number; frame: number }[];
  frameAt: (index: number) => unknown;
}>;

export function RawFramesList({ frames, frameAt }: RawFramesListProps) {
  const [all, setAll] = useState(false);
  const shown = all ? frames : frames.slice(0, FIRST);
  return (
    <div className="text-xs">
      <ol className="flex flex-col gap-1">
        {shown.map(({ row, frame }) => {
          const value = frameAt(frame);
          return (
            <li key={`${row}-${frame}`}>
              <details>
                <summary className="cursor-pointer font-mono">
                  frame #{frame} (row {row})
                </summary>
                {value === undefined ? <p>No longer held in memory.</p> : <JsonBlock value={value} label={`frame-${frame}`} foldLong={false} downloadable />}
              </details>
            </li>
          );
        })}
      </ol>
      {frames.length > FIRST && (
        <button type="button" className="mt-1 underline" onClick={() => setAll((v) => !v)}>
          {all ? `Show first ${FIRST} frames` : `Show all ${frames.length} frames`}
        </button>
      )}
    </div>
  );
}
