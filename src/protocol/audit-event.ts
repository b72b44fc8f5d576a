/**
 * Audit rows in recordings: `{t, audit: <log event>}` lines hold what a person did from
 * the browser (answered a gate, cancelled a run), so a replay shows the same trail.
 * A recording is untrusted input: only a well-formed audit log event is accepted.
 */
import { RunEventSchema, type RunEvent } from '@/protocol/run-event';

export function toAuditEvent(value: unknown): RunEvent | undefined {
  const parsed = RunEventSchema.safeParse(value);
  if (!parsed.success || parsed.data.type !== 'log' || parsed.data.source !== 'audit') return undefined;
  return parsed.data;
}
