import type { GateKind } from '@/protocol/run-event';

/** How each kind of gate introduces itself. */
export const GATE_KIND_TEXT: Record<GateKind, string> = {
  approval: 'Approval needed',
  input: 'Input needed',
  review: 'Review needed',
  clarification: 'Clarification needed',
  budget: 'Budget cap reached',
  interrupt: 'The agent is waiting for you',
};
