/**
 * The virtualised scroll area: renders only the headers and rows in view (plus overscan),
 * so 100k rows cost a few dozen DOM nodes. Fixed item heights on purpose: measuring
 * rows would relayout on every batch, and the raw frame opens in a panel below instead.
 * "Follow live" scrolls to the newest item after each batch; scrolling up turns it off.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type UIEvent } from 'react';

import type { EventLog } from '@/stores/event-log';
import type { Chapter } from '@/stores/run-types';

import { groupOfItem } from '@/features/timeline/build-timeline-items';
import { ChapterHeader } from '@/features/timeline/chapter-header';
import { TimelineRow } from '@/features/timeline/timeline-row';

export const ROW_HEIGHT = 28;
export const HEADER_HEIGHT = 34;

export type TimelineListProps = Readonly<{
  items: readonly number[];
  log: EventLog;
  /**
   * The log's revision: tokens coalesce into a node's text row without adding a row, so
   * this prop (not `items`) is what re-renders the list; memoised rows skip unless their
   * row object changed.
   */
  revision: number;
  chapters: readonly Chapter[];
  baseMs: number | undefined;
  collapsed: ReadonlySet<number>;
  selectedRow: number | undefined;
  selectedNodeId: string | undefined;
  rawRow: number | undefined;
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
  onToggleGroup: (group: number) => void;
  onSelectRow: (row: number) => void;
  onToggleRaw: (row: number) => void;
}>;

export function TimelineList(props: TimelineListProps) {
  const { items, log, chapters, follow, onFollowChange } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastTop = useRef(0);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => ((items[i] ?? 0) < 0 ? HEADER_HEIGHT : ROW_HEIGHT),
    overscan: 12,
    initialRect: { width: 800, height: 600 },
  });

  // Follow by writing scrollTop from the virtualiser's own total size: scrollToEnd() reads
  // layout on every batch, which at 2,000 events/s cost more than everything else together.
  useEffect(() => {
    const el = scrollRef.current;
    if (!follow || !el || items.length === 0) return;
    el.scrollTop = virtualizer.getTotalSize();
    lastTop.current = el.scrollTop; // our own move: a later smaller scrollTop is the person's
  }, [follow, items, virtualizer]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT;
    // Only a move up that leaves the bottom is the person's doing; follow scrolls go down.
    if (follow && el.scrollTop < lastTop.current && !atBottom) onFollowChange(false);
    lastTop.current = el.scrollTop;
  };

  return (
    <div ref={scrollRef} onScroll={onScroll} className="relative min-h-0 flex-1 overflow-auto" data-testid="timeline-scroll">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index] ?? 0;
          return (
            <div key={v.key} data-timeline-item style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: v.size, transform: `translateY(${v.start}px)` }}>
              {item < 0 ? renderHeader(props, groupOfItem(item), chapters) : renderRow(props, item, log)}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function renderHeader(props: TimelineListProps, group: number, chapters: readonly Chapter[]) {
  return <ChapterHeader group={group} chapter={chapters[group]} collapsed={props.collapsed.has(group)} onToggle={props.onToggleGroup} />;
}

function renderRow(props: TimelineListProps, row: number, log: EventLog) {
  const entry = log.at(row);
  if (!entry) return null;
  const nodeId = 'nodeId' in entry.event ? entry.event.nodeId : undefined;
  return (
    <TimelineRow
      row={row}
      entry={entry}
      baseMs={props.baseMs}
      selected={props.selectedRow === row}
      nodeSelected={props.selectedNodeId !== undefined && nodeId === props.selectedNodeId}
      rawOpen={props.rawRow === row}
      onSelect={props.onSelectRow}
      onToggleRaw={props.onToggleRaw}
    />
  );
}
