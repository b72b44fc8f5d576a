/**
 * The timeline's flattened item list for the current filters and collapsed groups.
 * Subscribes to `logLength` and `chapters` only (never the whole run state), so the
 * list is rebuilt once per batch that added rows, not per token.
 */
import { useMemo } from 'react';

import { useChapters, useEventLog, useLogLength } from '@/stores/panel-selectors';

import { buildTimelineItems, type TimelineFilters, type TimelineItems } from '@/features/timeline/build-timeline-items';

export function useTimelineItems(filters: TimelineFilters, collapsed: ReadonlySet<number>): TimelineItems {
  const log = useEventLog();
  const length = useLogLength();
  const chapters = useChapters();
  return useMemo(
    () => buildTimelineItems({ log, length, chapters, filters, collapsed }),
    [log, length, chapters, filters, collapsed],
  );
}
