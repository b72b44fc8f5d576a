/** A group heading in the timeline: chapter title, duration and status, collapsible. */
import { memo } from 'react';

import type { Chapter } from '@/stores/run-types';

import { formatDuration } from '@/features/timeline/summarize-event';

export type ChapterHeaderProps = Readonly<{
  group: number;
  /** Undefined for the "Run" group (rows before any chapter). */
  chapter: Chapter | undefined;
  collapsed: boolean;
  /** The list's one Tab stop (use-list-keyboard.ts). */
  tabbable: boolean;
  onToggle: (group: number) => void;
}>;

export const ChapterHeader = memo(function ChapterHeader({ group, chapter, collapsed, tabbable, onToggle }: ChapterHeaderProps) {
  const title = chapter?.title ?? 'Run';
  return (
    <div
      role="heading"
      aria-level={3}
      className="flex h-full items-center gap-2 border-b border-zinc-200 bg-zinc-50 px-2 text-sm font-semibold text-zinc-900 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100"
    >
      <button
        type="button"
        aria-expanded={!collapsed}
        tabIndex={tabbable ? 0 : -1}
        data-item-main
        onClick={() => onToggle(group)}
        className="flex min-w-0 items-center gap-1 rounded px-1 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-zinc-700"
      >
        <span aria-hidden="true">{collapsed ? '▸' : '▾'}</span>
        <span className="truncate">{title}</span>
      </button>
      {chapter && (
        <span className="ml-auto flex shrink-0 gap-2 text-xs font-normal text-zinc-600 dark:text-zinc-300">
          <span>{chapterDuration(chapter)}</span>
          <span>{chapterStatus(chapter.status)}</span>
        </span>
      )}
    </div>
  );
});

function chapterDuration(chapter: Chapter): string {
  if (chapter.startedAtMs === undefined) return '';
  if (chapter.endedAtMs === undefined) return 'running';
  return formatDuration(Math.max(0, chapter.endedAtMs - chapter.startedAtMs));
}

function chapterStatus(status: string): string {
  return status === 'open' ? 'in progress' : status;
}
