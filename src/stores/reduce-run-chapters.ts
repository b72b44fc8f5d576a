/** The run reducer's chapter slice: chapters open at their first row and close at the next chapter or the run's end. */
import type { RunEventOf } from '@/protocol/run-event';

import { optional } from '@/stores/run-draft';
import type { Chapter } from '@/stores/run-types';

export function startChapter(event: RunEventOf<'chapter.started'>, row: number): Chapter {
  return { id: event.chapterId, title: event.title, firstRow: row, status: 'open', ...optional('chapterKey', event.chapterKey), ...optional('startedAtMs', event.atMs) };
}

export function closeChapter(
  chapters: readonly Chapter[],
  event: RunEventOf<'chapter.completed'> | undefined,
  atMs: number | undefined,
  status = 'completed',
): readonly Chapter[] {
  const index = event ? findLastIndex(chapters, (c) => c.id === event.chapterId) : chapters.length - 1;
  const chapter = chapters[index];
  if (!chapter || chapter.status !== 'open') return chapters;
  const next = [...chapters];
  next[index] = { ...chapter, status: event?.status ?? status, ...optional('endedAtMs', atMs) };
  return next;
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as T)) return i;
  return -1;
}
