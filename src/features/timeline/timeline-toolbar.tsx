/**
 * Filters (level, type, node, text) and the "Follow live" toggle above the timeline.
 * Memoised: its props change only when the filters, the graph, follow or the shown count
 * do, not on the timeline's every live refresh.
 */
import { memo } from 'react';

import type { LogLevel, RunEventType } from '@/protocol/run-event';

import type { GraphState } from '@/stores/run-types';

import type { TimelineFilters } from '@/features/timeline/build-timeline-items';
import { EVENT_TYPES } from '@/features/timeline/event-types';
import { NodeFilter } from '@/features/timeline/node-filter';

export type TimelineToolbarProps = Readonly<{
  filters: TimelineFilters;
  onFiltersChange: (filters: TimelineFilters) => void;
  graph: GraphState;
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
  /** "Follow live", or in a replay "Follow position". */
  followLabel: string;
  /** How many rows pass the filters, announced politely. */
  shown: number;
}>;

const LEVELS: readonly (LogLevel | 'all')[] = ['all', 'debug', 'info', 'warn', 'error'];
const FIELD = 'rounded border border-zinc-300 bg-white px-1 py-0.5 text-xs text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100';

export const TimelineToolbar = memo(function TimelineToolbar({ filters, onFiltersChange, graph, follow, onFollowChange, followLabel, shown }: TimelineToolbarProps) {
  const set = (patch: Partial<TimelineFilters>) => onFiltersChange({ ...filters, ...patch });
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-zinc-200 p-2 text-xs dark:border-zinc-700">
      <input
        type="search"
        aria-label="Search timeline"
        placeholder="Search… (/)"
        value={filters.text}
        onChange={(e) => set({ text: e.target.value })}
        onKeyDown={(e) => {
          // Escape clears the search (and goes no further: it must not also close the details panel).
          if (e.key !== 'Escape' || filters.text === '') return;
          e.preventDefault();
          e.stopPropagation();
          set({ text: '' });
        }}
        className={`${FIELD} w-40`}
      />
      <label className="flex items-center gap-1">
        Level
        <select aria-label="Log level" value={filters.level} onChange={(e) => set({ level: e.target.value as LogLevel | 'all' })} className={FIELD}>
          {LEVELS.map((level) => (
            <option key={level} value={level}>{level === 'all' ? 'all levels' : `${level}+`}</option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1">
        Type
        <select aria-label="Event type" value={filters.type} onChange={(e) => set({ type: e.target.value as RunEventType | 'all' })} className={FIELD}>
          <option value="all">all types</option>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>{type}</option>
          ))}
        </select>
      </label>
      <NodeFilter graph={graph} value={filters.nodeId} onChange={(nodeId) => set({ nodeId })} className={FIELD} />
      <span role="status" data-testid="timeline-count" className="text-zinc-600 dark:text-zinc-400">{countText(shown)}</span>
      <button
        type="button"
        aria-pressed={follow}
        onClick={() => onFollowChange(!follow)}
        className={`ml-auto rounded border px-2 py-0.5 ${follow ? 'border-sky-700 bg-sky-700 text-white' : 'border-zinc-300 dark:border-zinc-600'}`}
      >
        <span aria-hidden="true">{follow ? '↓ ' : ''}</span>{followLabel}
      </button>
    </div>
  );
});

const countText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
