import { useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode, type Ref } from 'react';

import { sizeAfterKey, toSplitLimits, type SplitOrientation } from '@/components/ui/split-size';
import { useSplitDrag } from '@/components/ui/use-split-drag';

type Props = Readonly<{
  /** `horizontal`: side by side; `vertical`: one over the other. */
  orientation: SplitOrientation;
  /** The first pane's share at first and after a reset, in percent. */
  defaultSize: number;
  /** Each pane's least share, in percent. */
  minSizes: readonly [number, number];
  /** The separator's accessible name: what moving it resizes. */
  label: string;
  first: ReactNode;
  second: ReactNode;
  className?: string;
}>;

const SEPARATOR = 'flex-none bg-slate-200 hover:bg-sky-400 data-dragging:bg-sky-400 dark:bg-slate-800';

/**
 * Two resizable panes with a separator between them (the WAI-ARIA window splitter): drag it,
 * or focus it and use the arrow keys, Home and End; Enter or a double click puts the default
 * back. Sizes are flex-grow shares, so the browser lays the panes out from CSS alone: nothing
 * is measured until a drag begins, and a window resize keeps each pane's share.
 */
export function SplitPanes({ orientation, defaultSize, minSizes, label, first, second, className }: Props) {
  const limits = toSplitLimits(minSizes);
  const [size, setSize] = useState(defaultSize);
  const firstId = useId();
  const firstRef = useRef<HTMLDivElement>(null);
  const secondRef = useRef<HTMLDivElement>(null);
  const horizontal = orientation === 'horizontal';
  const { dragging, handlers } = useSplitDrag({ horizontal, size, limits, onSize: setSize, panes: [firstRef, secondRef] });
  const onKeyDown = (event: KeyboardEvent) => {
    const next = sizeAfterKey(event.key, orientation, size, defaultSize, limits);
    if (next === undefined) return;
    event.preventDefault();
    setSize(next);
  };

  return (
    <div className={className} style={{ ...GROUP, flexDirection: horizontal ? 'row' : 'column' }}>
      <Pane id={firstId} grow={size} paneRef={firstRef}>{first}</Pane>
      <div
        role="separator"
        tabIndex={0}
        aria-label={label}
        aria-orientation={horizontal ? 'vertical' : 'horizontal'}
        aria-controls={firstId}
        aria-valuenow={Math.round(size)}
        aria-valuemin={limits.min}
        aria-valuemax={limits.max}
        data-dragging={dragging ? '' : undefined}
        className={`${SEPARATOR} ${horizontal ? 'w-1.5 cursor-col-resize' : 'h-1.5 cursor-row-resize'}`}
        style={{ touchAction: 'none' }}
        {...handlers}
        onKeyDown={onKeyDown}
        onDoubleClick={() => setSize(defaultSize)}
      />
      <Pane grow={100 - size} paneRef={secondRef}>{second}</Pane>
    </div>
  );
}

const GROUP: CSSProperties = { display: 'flex', flexWrap: 'nowrap', width: '100%', height: '100%', overflow: 'hidden' };
const PANE: CSSProperties = { display: 'flex', flexBasis: 0, flexShrink: 1, minWidth: 0, minHeight: 0, overflow: 'visible' };
const PANE_BODY: CSSProperties = { flexGrow: 1, maxWidth: '100%', maxHeight: '100%', overflow: 'auto' };

/** A pane: its share of the room as flex-grow, and a body that scrolls what overflows it. */
function Pane({ id, grow, paneRef, children }: Readonly<{ id?: string; grow: number; paneRef: Ref<HTMLDivElement>; children: ReactNode }>) {
  return (
    <div id={id} ref={paneRef} data-pane="" style={{ ...PANE, flexGrow: grow }}>
      <div style={PANE_BODY}>{children}</div>
    </div>
  );
}
