/**
 * The raw frame behind one timeline row (what the transport delivered), redacted and bounded.
 * It takes most of the pane while open (the rows above keep a few lines): at a laptop's height
 * a panel capped at half the pane showed about five lines of JSON.
 */
import { JsonBlock } from '@/components/ui/json-block';
import { useRunSession } from '@/stores/run-session';
import { useEventLog } from '@/stores/panel-selectors';

export type RawFramePanelProps = Readonly<{ row: number; onClose: () => void }>;

export function RawFramePanel({ row, onClose }: RawFramePanelProps) {
  const { frameAt } = useRunSession();
  const event = useEventLog().at(row)?.event;
  const frameIndex = event?.frame;
  const frame = frameIndex === undefined ? undefined : frameAt(frameIndex);
  return (
    <section
      id="timeline-raw-frame"
      aria-label={`Raw frame of row ${row}`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation(); // closes this panel only, not the node details too
        onClose();
      }}
      className="h-[min(34rem,75%)] min-h-32 shrink-0 overflow-auto border-t border-zinc-200 p-2 text-xs dark:border-zinc-700">
      <div className="mb-1 flex items-center gap-2">
        <h4 className="font-semibold">
          Row {row}{frameIndex !== undefined ? `, frame #${frameIndex}` : ''}
        </h4>
        <button type="button" onClick={onClose} className="ml-auto underline">Close raw frame</button>
      </div>
      {frameIndex === undefined ? (
        <p>No raw frame is recorded for this row.</p>
      ) : frame === undefined ? (
        <p>Frame #{frameIndex} is no longer held in memory.</p>
      ) : (
        <JsonBlock value={frame} label={`frame-${frameIndex}`} foldLong={false} downloadable />
      )}
    </section>
  );
}
