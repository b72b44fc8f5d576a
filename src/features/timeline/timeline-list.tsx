/**
 * The virtualised scroll area: renders only the headers and rows in view (plus overscan),
 * so 100k rows cost a few dozen DOM nodes. Its height is bounded by the panel the shell
 * gives the timeline (the list scrolls, never the page or the filter bar). Fixed item
 * heights on purpose: measuring rows would relayout on every batch, and the raw frame
 * opens in a panel below instead. The window: use-item-window.ts; following:
 * use-follow-scroll.ts; keys: use-list-keyboard.ts.
 */
import { useId, useMemo, useRef } from 'react';

import type { EventLog } from '@/stores/event-log';
import type { Chapter } from '@/stores/run-types';

import { groupOfItem, type TimelineItems } from '@/features/timeline/build-timeline-items';
import { ChapterHeader } from '@/features/timeline/chapter-header';
import { recycleKeys, type KeyAssignment } from '@/features/timeline/recycled-keys';
import { TimelineRow } from '@/features/timeline/timeline-row';
import { useFollowScroll } from '@/features/timeline/use-follow-scroll';
import { overscanned, useItemWindow, type ItemRange, type ItemWindow, type PlacedItem } from '@/features/timeline/use-item-window';
import { useListKeyboard } from '@/features/timeline/use-list-keyboard';

export const ROW_HEIGHT = 28;
export const HEADER_HEIGHT = 34;

/** Items rendered beyond each edge of the view. */
const OVERSCAN = 12;

export type TimelineListProps = Readonly<{
  items: TimelineItems;
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
  const contentRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const places = useMemo(
    () => ({ count: items.length, topOf: (i: number) => i * ROW_HEIGHT + items.headersBefore(i) * (HEADER_HEIGHT - ROW_HEIGHT), heightOf: (i: number) => (items.at(i) < 0 ? HEADER_HEIGHT : ROW_HEIGHT) }),
    [items],
  );
  const view = useItemWindow(scrollRef, places);
  const keyboard = useListKeyboard({
    scrollRef,
    count: items.length,
    pageSize: () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_HEIGHT) - 1),
    scrollToIndex: view.scrollToIndex,
  });
  const pinned = keyboard.focusWithin ? keyboard.current : undefined;
  const { onScroll, onWheel, pinnedTo } = useFollowScroll({ scrollRef, contentRef, totalSize: view.totalHeight, viewportHeight: view.viewportHeight, follow, onFollowChange, onScrolled: view.scrolledTo });
  const range = followedRange(view, items.length, pinnedTo()) ?? view.rangeAt();
  const placed = withPinned(overscanned(range, items.length, OVERSCAN), pinned).map(view.place);
  // Recycled keys (recycled-keys.ts): the same for the same range, so a render React repeats gets the same keys.
  const keys = useRef<KeyAssignment>(new Map());
  keys.current = recycleKeys(keys.current, placed.map((v) => v.index));
  const tabStop = pinned ?? tabStopInView(view, placed, items, props.selectedRow);

  return (
    <div
      ref={scrollRef}
      role="group"
      aria-label="Timeline rows"
      aria-describedby={hintId}
      onScroll={onScroll}
      onWheel={onWheel}
      onKeyDown={keyboard.onKeyDown}
      onFocus={keyboard.onFocus}
      onBlur={keyboard.onBlur}
      className="relative min-h-0 flex-1 overflow-auto overscroll-contain"
      data-testid="timeline-scroll"
    >
      <div ref={contentRef} style={{ height: view.totalHeight, position: 'relative', width: '100%' }}>
        {placed.map((v) => {
          const item = items.at(v.index);
          const tabbable = v.index === tabStop;
          return (
            <div
              key={keys.current.get(v.index)}
              data-timeline-item
              data-item-index={v.index}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: v.height, transform: `translateY(${v.top}px)` }}
            >
              {item < 0 ? renderHeader(props, groupOfItem(item), chapters, tabbable) : renderRow(props, item, log, tabbable)}
            </div>
          );
        })}
      </div>
      <p id={hintId} className="sr-only">
        One stop for the whole list: the arrow keys, Page Up, Page Down, Home and End move between rows; Enter selects a row or folds a chapter; the right arrow reaches the row’s raw frame button.
      </p>
    </div>
  );
}

/**
 * While the list stands where following last scrolled it, the items at its end: following
 * writes the new end once this render's frame is laid out (use-follow-scroll.ts), and the
 * window's own scroll position is still where the list stood before.
 */
function followedRange(view: ItemWindow, count: number, followedTo: number | undefined): ItemRange | undefined {
  if (followedTo === undefined || count === 0 || Math.abs(view.scrollTop - followedTo) > 2) return undefined;
  return { first: view.rangeAt(Math.max(0, view.totalHeight - view.viewportHeight)).first, last: count - 1 };
}

/** The range plus the pinned (focused) item, in order, so focus never lands on the body. */
function withPinned(indexes: number[], pinned: number | undefined): number[] {
  if (pinned === undefined || indexes.includes(pinned)) return indexes;
  return [...indexes, pinned].sort((a, b) => a - b);
}

/**
 * The Tab stop while focus is elsewhere: the selected row when it is wholly in view, else
 * the first item wholly in view (tabbing to a cut-off item would scroll the list, and a
 * scroll up stops following).
 */
function tabStopInView(view: ItemWindow, placed: readonly PlacedItem[], items: TimelineItems, selectedRow: number | undefined): number {
  const top = view.scrollTop;
  const bottom = top + view.viewportHeight;
  let first: number | undefined;
  for (const v of placed) {
    if (v.top < top - 1 || v.top + v.height > bottom + 1) continue;
    if (selectedRow !== undefined && items.at(v.index) === selectedRow) return v.index;
    first ??= v.index;
  }
  return first ?? 0;
}

function renderHeader(props: TimelineListProps, group: number, chapters: readonly Chapter[], tabbable: boolean) {
  return <ChapterHeader group={group} chapter={chapters[group]} collapsed={props.collapsed.has(group)} onToggle={props.onToggleGroup} tabbable={tabbable} />;
}

function renderRow(props: TimelineListProps, row: number, log: EventLog, tabbable: boolean) {
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
      tabbable={tabbable}
      onSelect={props.onSelectRow}
      onToggleRaw={props.onToggleRaw}
    />
  );
}
