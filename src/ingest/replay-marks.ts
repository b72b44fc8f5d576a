/**
 * Replay's marks: where the scrubber shows a chapter, a gate or a failure, found among the
 * events ingest made of each frame while the recording loads (build-replay.ts).
 */
import type { RunEvent } from '@/protocol/run-event';

export type ReplayMarkKind = 'chapter' | 'gate' | 'failure';
/** Something worth jumping to; `position` counts frames applied (the frame index + 1). */
export type ReplayMark = Readonly<{ kind: ReplayMarkKind; position: number; label: string }>;

/** The chapters, gates and failures among one frame's events, as marks at `position`. */
export function collectMarks(events: readonly RunEvent[], position: number, marks: ReplayMark[]) {
  for (const event of events) {
    if (event.type === 'chapter.started') marks.push({ kind: 'chapter', position, label: event.title });
    else if (event.type === 'gate.opened') marks.push({ kind: 'gate', position, label: event.message });
    else if (event.type === 'node.failed') marks.push({ kind: 'failure', position, label: `${event.nodeId} failed` });
    else if (event.type === 'run.failed') marks.push({ kind: 'failure', position, label: 'run failed' });
  }
}
