/** Every canonical event type, for the timeline's type filter (exhaustive by construction). */
import type { RunEventType } from '@/protocol/run-event';

const TYPES: Record<RunEventType, true> = {
  'run.started': true, 'run.paused': true, 'run.resumed': true, 'run.completed': true, 'run.failed': true,
  'run.cancelled': true, 'run.unknown': true, 'graph.defined': true, 'node.started': true, 'node.progress': true, 'node.output': true,
  'node.completed': true, 'node.failed': true, 'node.retrying': true, 'node.skipped': true, 'node.cancelled': true,
  'node.status': true, 'tool.called': true, 'tool.result': true, 'cost.recorded': true, 'llm.text': true, 'gate.opened': true,
  'gate.resolved': true, 'chapter.started': true, 'chapter.completed': true, 'state.snapshot': true, 'state.delta': true, log: true, metric: true, raw: true,
};

export const EVENT_TYPES = Object.keys(TYPES) as RunEventType[];
