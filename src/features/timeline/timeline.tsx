/**
 * The run's timeline: every event row in order, grouped under chapter headings,
 * filterable, virtualised, following the live end until the person scrolls up.
 *
 * Container: it selects (log, logLength, chapters, graph, run start, a coalesced text
 * revision) through narrow hooks and keeps its own UI state (filters, collapsed groups, follow, raw row);
 * selection is owned by the app shell and comes in through props (see README.md).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';

import { preloadable } from '@/components/ui/preloadable';
import { useRunSession } from '@/stores/run-session';
import { useChapters, useDroppedRows, useEventLog, useGraphState, useLogLength, useRunStartedAtMs } from '@/stores/panel-selectors';

import { NO_FILTERS, type TimelineFilters } from '@/features/timeline/build-timeline-items';
import { timelineBaseMs } from '@/features/timeline/format-row-time';
import { TimelineList } from '@/features/timeline/timeline-list';
import { TimelineToolbar } from '@/features/timeline/timeline-toolbar';
import { useTextRevision } from '@/features/timeline/use-text-revision';
import { useTimelineItems } from '@/features/timeline/use-timeline-items';

/** Opened by a click, never at first draw: its JSON viewer stays out of a live link's first download. */
const RAW_FRAME_LOADING = <p className="border-t border-zinc-200 p-2 text-xs dark:border-zinc-700">Loading the raw frame…</p>;
// preloadable, not lazy: no Suspense reveal to wait out once the code is here.
const rawFramePanel = preloadable(() => import('@/features/timeline/raw-frame-panel').then((m) => m.RawFramePanel), RAW_FRAME_LOADING);

export type TimelineProps = Readonly<{
  /** Rows of this node are highlighted. */
  selectedNodeId?: string | undefined;
  /** The selected row (controlled); when left out the timeline remembers the last click itself. */
  selectedRow?: number | undefined;
  onSelectRow?: (row: number) => void;
  /** Called with the row's node id when a row that concerns a node is selected. */
  onSelectNode?: (nodeId: string) => void;
  /** Start following the newest row (default true). */
  initialFollow?: boolean;
  className?: string;
}>;

export function Timeline({ selectedNodeId, selectedRow, onSelectRow, onSelectNode, initialFollow = true, className = '' }: TimelineProps) {
  const log = useEventLog();
  const logLength = useLogLength();
  // Not useLogRevision: text-only growth is coalesced to ~10 refreshes a second (use-text-revision.ts).
  const revision = useTextRevision();
  const dropped = useDroppedRows();
  const chapters = useChapters();
  const graph = useGraphState();
  const startedAtMs = useRunStartedAtMs();
  // logLength is the log's change signal (a few rows are read, so per batch is cheap).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  const baseMs = useMemo(() => timelineBaseMs(log, startedAtMs), [log, startedAtMs, logLength]);
  const replay = useRunSession().mode === 'replay';

  const [filters, setFilters] = useState<TimelineFilters>(NO_FILTERS);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(EMPTY_SET);
  const [follow, setFollow] = useState(initialFollow);
  // In a replay the log is the player's position: every move of the player follows it again.
  useEffect(() => {
    if (replay) setFollow(true);
  }, [replay, logLength]);
  const [rawRow, setRawRow] = useState<number | undefined>(undefined);
  const [ownSelected, setOwnSelected] = useState<number | undefined>(undefined);
  const items = useTimelineItems(filters, collapsed);

  const toggleGroup = useCallback((group: number) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (!next.delete(group)) next.add(group);
      return next;
    });
  }, []);
  const selectRow = useCallback(
    (row: number) => {
      setOwnSelected(row);
      onSelectRow?.(row);
      const event = log.at(row)?.event;
      const nodeId = event && 'nodeId' in event ? event.nodeId : undefined;
      if (nodeId !== undefined) onSelectNode?.(nodeId);
    },
    [log, onSelectRow, onSelectNode],
  );
  const toggleRaw = useCallback((row: number) => setRawRow((prev) => (prev === row ? undefined : row)), []);

  return (
    <section aria-label="Timeline" className={`flex min-h-0 flex-col bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100 ${className}`}>
      <TimelineToolbar filters={filters} onFiltersChange={setFilters} graph={graph} follow={follow} onFollowChange={setFollow} followLabel={replay ? 'Follow position' : 'Follow live'} shown={items.rows} />
      {dropped > 0 && (
        <p role="note" className="border-b border-zinc-200 px-2 py-1 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          Oldest {dropped.toLocaleString('en')} events dropped to stay within memory (the recording keeps its own bounded copy).
        </p>
      )}
      {logLength === 0 ? (
        <p className="p-4 text-sm text-zinc-600 dark:text-zinc-400">No events yet — waiting for the stream</p>
      ) : items.length === 0 ? (
        <p className="p-4 text-sm text-zinc-600 dark:text-zinc-400">No events match the filters.</p>
      ) : (
        <TimelineList
          items={items}
          log={log}
          revision={revision}
          chapters={chapters}
          baseMs={baseMs}
          collapsed={collapsed}
          selectedRow={selectedRow ?? ownSelected}
          selectedNodeId={selectedNodeId}
          rawRow={rawRow}
          follow={follow}
          onFollowChange={setFollow}
          onToggleGroup={toggleGroup}
          onSelectRow={selectRow}
          onToggleRaw={toggleRaw}
        />
      )}
      {rawRow !== undefined && rawRow < logLength && (
        <rawFramePanel.Component row={rawRow} onClose={() => setRawRow(undefined)} />
      )}
    </section>
  );
}

const EMPTY_SET: ReadonlySet<number> = new Set();
