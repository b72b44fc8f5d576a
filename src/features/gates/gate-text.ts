/** Sentences about a gate shared by the dialog, the inbox and the confirmation. */
import { formatClockTime } from '@/lib/format-clock-time';
import type { GateState } from '@/stores/run-types';

export function describeAsker(gate: GateState): string {
  const who = gate.requester ? `Asked by ${gate.requester}` : 'Asked by the run';
  const where = gate.nodeId ? ` at step “${gate.nodeId}”` : '';
  return `${who}${where}, ${formatClockTime(gate.openedAtMs)}.`;
}
