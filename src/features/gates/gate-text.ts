/** Sentences about a gate shared by the dialog, the inbox and the confirmation. */
import { formatClockTime } from '@/lib/format-clock-time';
import type { GateState } from '@/stores/run-types';

export function describeAsker(gate: GateState): string {
  const who = gate.requester ? `Asked by ${gate.requester}` : 'Asked by the run';
  const where = gate.nodeId ? ` at step “${gate.nodeId}”` : '';
  return `${who}${where}, ${formatClockTime(gate.openedAtMs)}.`;
}

/**
 * What the backend does when the deadline passes, as a clause: a protocol's verb ("reject")
 * reads "the backend will reject it"; a dialect that states it as a sentence ("myagent
 * declines the plan and ends the run") is quoted as it is.
 */
export function timeoutOutcome(onTimeout: string | undefined): string {
  const said = onTimeout?.trim();
  if (!said) return 'the backend decides what happens';
  if (/^[a-z_-]+$/i.test(said)) return `the backend will ${said.replace(/[_-]+/g, ' ')} it`;
  return said.replace(/\.$/, '');
}
