/** Frame builders shared by the tolky locate and interpreter tests. */
import { createFrameReader, type ReadResult } from '@/protocol/read-frame';
import { RunEventSchema, type RunEvent } from '@/protocol/run-event';
import { tolkyDialect } from '@/protocol/tolky/tolky-dialect';

export const INTENT = 'intent-1';
export const TS = '2026-03-01T10:00:00.000Z';

export function envelope(type: string, payload: unknown, seq = 1, extra: Record<string, unknown> = {}) {
  return { type, intentId: INTENT, sessionId: 's-1', timestamp: TS, seq, chapterId: 'execution_1', chapterKey: 'execution', payload, ...extra };
}
export const live = (type: string, payload: unknown, seq = 1, extra: Record<string, unknown> = {}) => ({
  event: 'sequential_thinking_event',
  data: envelope(type, payload, seq, extra),
});

export function eventsOf(result: ReadResult): RunEvent[] {
  if (result.kind !== 'events') throw new Error(`expected events, got rejected: ${result.reason}`);
  for (const event of result.events) {
    const check = RunEventSchema.safeParse(event);
    if (!check.success) throw new Error(`invalid canonical event ${JSON.stringify(event)}: ${check.error.message}`);
  }
  return result.events;
}
export const decodeOne = (frame: unknown) => createFrameReader(tolkyDialect, INTENT)(frame);
export const typesOf = (frame: unknown) => eventsOf(decodeOne(frame)).map((e) => e.type);
