import { describe, expect, it } from 'vitest';

import type { GateOption } from '@/protocol/run-event';

import { decidedGateOfNode, decisionTone, finishedGateWord, gateVerdict, gateVerdictShort, gateVerdictText, optionTurnsDown, turnedDownNodes, turningGate } from '@/stores/gate-verdict';
import type { GateState } from '@/stores/run-types';

const OPTIONS: GateOption[] = [
  { value: 'approve', label: 'Approve', tone: 'approve' },
  { value: 'reject', label: 'Reject', tone: 'reject' },
];

function gate(patch: Partial<GateState> = {}): GateState {
  return {
    gateId: 'g',
    runId: 'r',
    nodeId: 'review',
    kind: 'approval',
    message: 'Deploy?',
    options: OPTIONS,
    acceptsText: false,
    answerable: true,
    openedAtMs: 0,
    row: 0,
    status: 'open',
    ...patch,
  };
}

const resolved = (decision: string, decidedBy = 'alice', patch: Partial<GateState> = {}) =>
  gate({ status: 'resolved', resolution: { decision, decidedBy }, ...patch });

describe('decisionTone', () => {
  it('reads a decision by the gate option it names (value or label), else by its meaning', () => {
    expect(decisionTone('Reject', OPTIONS)).toBe('reject');
    expect(decisionTone('approve', OPTIONS)).toBe('approve');
    expect(decisionTone('rejected', [])).toBe('reject');
    expect(decisionTone('cancelled', [])).toBe('reject');
    expect(decisionTone('approved', [])).toBe('approve');
    expect(decisionTone('input_provided', [])).toBe('approve');
    expect(decisionTone('blue', [])).toBe('neutral');
    expect(decisionTone('Blue', [{ value: 'blue', label: 'Blue', tone: 'neutral' }])).toBe('neutral');
    expect(decisionTone('Reject', [{ value: 'Reject', label: 'Reject', tone: 'neutral' }])).toBe('reject');
  });

  it('asks to confirm options that turn work down, by tone or, for neutral options, by their words', () => {
    expect(optionTurnsDown({ value: 'cancelled', label: 'Skip this step', tone: 'reject' })).toBe(true);
    expect(optionTurnsDown({ value: 'Reject', label: 'Reject', tone: 'neutral' })).toBe(true);
    expect(optionTurnsDown({ value: 'approve', label: 'Approve', tone: 'approve' })).toBe(false);
    expect(optionTurnsDown({ value: 'blue', label: 'Blue' })).toBe(false);
  });
});

describe('gate verdicts', () => {
  it('says approved, rejected or answered, and by whom', () => {
    expect(gateVerdict(gate())).toBe('open');
    expect(gateVerdictText(resolved('approved'))).toBe('approved by alice');
    expect(gateVerdictText(resolved('rejected', 'bob'))).toBe('rejected by bob');
    expect(gateVerdictText(resolved('blue', 'bob', { options: [] }))).toBe('answered “blue” by bob');
    expect(gateVerdictShort(resolved('rejected'))).toBe('rejected');
  });

  it('says what a structured answer chose: its own yes/no word, its payload, and "cancelled" as sent', () => {
    const interrupt = (decision: string, payload?: unknown) =>
      gate({ kind: 'interrupt', options: [{ value: 'resolved', label: 'Resolve and continue', tone: 'approve' }, { value: 'cancelled', label: 'Skip this step', tone: 'reject' }], status: 'resolved', resolution: { decision, decidedBy: 'alice', ...(payload !== undefined ? { payload } : {}) } });
    expect(gateVerdictText(interrupt('resolved', { approved: true }))).toBe('approved with {"approved":true} by alice');
    expect(gateVerdict(interrupt('resolved', { approved: false }))).toBe('rejected');
    expect(gateVerdictText(interrupt('resolved', { approved: false }))).toBe('rejected with {"approved":false} by alice');
    expect(gateVerdictText(interrupt('resolved', { colour: 'blue' }))).toBe('approved with {"colour":"blue"} by alice');
    expect(gateVerdictText(interrupt('cancelled'))).toBe('cancelled by alice');
    expect(turningGate({ gates: { g: interrupt('resolved', { approved: false }) }, gateOrder: ['g'] })?.gateId).toBe('g');
  });

  it('says what the backend did when the gate timed out, never "succeeded"', () => {
    const timedOut = gate({ status: 'timed_out', resolution: { decision: 'rejected', decidedBy: 'timeout' }, onTimeout: 'reject' });
    expect(gateVerdict(timedOut)).toBe('timed_out');
    expect(gateVerdictText(timedOut)).toBe('timed out — the backend rejected it');
    expect(gateVerdictShort(timedOut)).toBe('timed out (rejected)');
    const approvedOnTimeout = gate({ status: 'timed_out', resolution: { decision: 'approved' } });
    expect(gateVerdictText(approvedOnTimeout)).toBe('timed out — the backend approved it');
    expect(gateVerdictText(gate({ status: 'cancelled' }))).toBe('cancelled with the run');
  });

  it('finds a node’s newest decided gate and the gate that turned the run down', () => {
    const approved = resolved('approved', 'alice', { gateId: 'a', nodeId: 'n' });
    const rejected = resolved('rejected', 'bob', { gateId: 'b', nodeId: 'n' });
    const state = { gates: { a: approved, b: rejected }, gateOrder: ['a', 'b'] };
    expect(decidedGateOfNode(state, 'n')?.gateId).toBe('b');
    expect(decidedGateOfNode(state, 'other')).toBeUndefined();
    expect(turningGate(state)?.gateId).toBe('b');
    expect(turningGate({ gates: { a: approved }, gateOrder: ['a'] })).toBeUndefined();
    const timedOut = gate({ gateId: 't', status: 'timed_out', resolution: { decision: 'rejected' } });
    expect(turningGate({ gates: { t: timedOut }, gateOrder: ['t'] })?.gateId).toBe('t');
    // Per node, only its newest gate counts: n's rejection stands, an approval elsewhere does not turn anything down.
    const other = resolved('approved', 'carol', { gateId: 'c', nodeId: 'm' });
    expect(turnedDownNodes({ gates: { a: approved, b: rejected, c: other, t: timedOut }, gateOrder: ['a', 'b', 'c', 't'] })).toBe('review\ttimed out (rejected)\nn\trejected');
  });

  it('reads the gates afresh whenever they change, and an earlier state again when a replay goes back to it', () => {
    const approved = resolved('approved', 'alice', { gateId: 'a', nodeId: 'n' });
    const before = { gates: { a: approved }, gateOrder: ['a'] };
    const after = { gates: { a: approved, b: resolved('rejected', 'bob', { gateId: 'b', nodeId: 'm' }) }, gateOrder: ['a', 'b'] };
    expect(turnedDownNodes(before)).toBe('');
    expect(turnedDownNodes(after)).toBe('m\trejected');
    expect(turningGate(after)?.gateId).toBe('b');
    expect(turnedDownNodes(before)).toBe('');
    expect(turningGate(before)).toBeUndefined();
    // The same gates in a new order object (a reducer that rewrote only the order) are read again too.
    expect(turningGate({ gates: after.gates, gateOrder: ['b'] })?.gateId).toBe('b');
    expect(turningGate({ gates: after.gates, gateOrder: ['a'] })).toBeUndefined();
  });

  it('names a finished gate step by its verdict in every view, and leaves other statuses alone', () => {
    expect(finishedGateWord(resolved('rejected'), 'succeeded')).toBe('rejected');
    expect(finishedGateWord(resolved('rejected'), 'cancelled')).toBe('rejected');
    expect(finishedGateWord(resolved('approved'), 'succeeded')).toBe('approved');
    expect(finishedGateWord(resolved('approved'), 'cancelled')).toBeUndefined();
    expect(finishedGateWord(gate({ status: 'timed_out', resolution: { decision: 'rejected' } }), 'succeeded')).toBe('timed out (rejected)');
    expect(finishedGateWord(resolved('rejected'), 'failed')).toBeUndefined();
    expect(finishedGateWord(gate(), 'succeeded')).toBeUndefined();
    expect(finishedGateWord(gate({ status: 'cancelled' }), 'cancelled')).toBeUndefined();
    expect(finishedGateWord(undefined, 'succeeded')).toBeUndefined();
  });
});
