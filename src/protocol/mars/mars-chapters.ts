/**
 * Chapters and the run's end. MARS has no chapters on the wire, so Runboard derives two:
 * `planning` from the run's start until the first step starts, then `execution`; the open
 * chapter closes when the run ends (completed, failed or cancelled), whatever said so — a
 * socket frame or, while watching, the run's status over REST. The end is applied once.
 */
import type { RunEvent } from '@/protocol/run-event';
import type { MarsState } from '@/protocol/mars/mars-state';

export function openPlanning(s: MarsState): RunEvent[] {
  if (s.chapter !== 'none') return [];
  s.chapter = 'planning';
  return [{ type: 'chapter.started', chapterId: 'planning', chapterKey: 'planning', title: 'Planning' }];
}

export function enterExecution(s: MarsState): RunEvent[] {
  if (s.chapter === 'execution' || s.chapter === 'closed') return [];
  const events: RunEvent[] = [];
  if (s.chapter === 'planning') events.push({ type: 'chapter.completed', chapterId: 'planning', status: 'completed' });
  s.chapter = 'execution';
  events.push({ type: 'chapter.started', chapterId: 'execution', chapterKey: 'execution', title: 'Execution' });
  return events;
}

/** Closes the open chapter and marks the run over; the terminal event comes last. Nothing after the first end. */
export function finish(s: MarsState, terminal: RunEvent, status: string): RunEvent[] {
  if (s.terminal) return [];
  const events: RunEvent[] = [];
  if (s.chapter === 'planning' || s.chapter === 'execution') events.push({ type: 'chapter.completed', chapterId: s.chapter, status });
  s.chapter = 'closed';
  s.terminal = true;
  s.openGates.clear();
  events.push(terminal);
  return events;
}
