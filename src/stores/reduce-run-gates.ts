/** The run reducer's gate slice: gates opened, resolved (decided, timed out) and cancelled with the run. */
import type { RunEventOf } from '@/protocol/run-event';

import { optional, type BatchScratch, type Draft } from '@/stores/run-draft';
import type { GateState } from '@/stores/run-types';

export function openGate(d: Draft, b: BatchScratch, event: RunEventOf<'gate.opened'>, row: number) {
  const existing = d.gates[event.gateId];
  if (existing && existing.status !== 'open') return; // decided already: a late or repeated ask changes nothing
  const gate: GateState = {
    gateId: event.gateId,
    runId: event.runId ?? d.runId,
    kind: event.kind,
    message: event.message,
    options: event.options,
    acceptsText: event.acceptsText ?? false,
    answerable: event.answerable ?? true,
    openedAtMs: existing?.openedAtMs ?? event.atMs ?? Date.now(),
    row: existing?.row ?? row,
    status: 'open',
    ...optional('nodeId', event.nodeId),
    ...optional('requester', event.requester),
    ...optional('schema', event.schema),
    ...optional('context', event.context),
    ...optional('deadlineAtMs', event.deadlineAtMs),
    ...optional('deadlineEstimated', event.deadlineEstimated),
    ...optional('onTimeout', event.onTimeout),
    ...optional('unanswerableReason', event.unanswerableReason),
  };
  const { gates, order } = ownGates(d, b);
  gates[event.gateId] = gate;
  if (!existing) order.push(event.gateId);
  if (existing?.status !== 'open') d.openGates += 1;
  if (d.status === 'running' || d.status === 'pending') d.status = 'waiting';
}

export function resolveGate(d: Draft, b: BatchScratch, event: RunEventOf<'gate.resolved'>) {
  const gate = d.gates[event.gateId] ?? findOpenGateOfNode(d, event.nodeId);
  if (!gate || gate.status !== 'open') return;
  const status = event.cause === 'timeout' ? 'timed_out' : event.cause === 'cancelled' ? 'cancelled' : 'resolved';
  ownGates(d, b).gates[gate.gateId] = {
    ...gate,
    status,
    resolution: { decision: event.decision, ...optional('decidedBy', event.decidedBy), ...optional('atMs', event.atMs), ...optional('payload', event.payload) },
  };
  d.openGates -= 1;
  if (d.status === 'waiting' && d.openGates === 0) d.status = 'running';
}

function findOpenGateOfNode(d: Draft, nodeId: string | undefined): GateState | undefined {
  if (nodeId === undefined) return undefined;
  for (let i = d.gateOrder.length - 1; i >= 0; i--) {
    const gate = d.gates[d.gateOrder[i] ?? ''];
    if (gate?.nodeId === nodeId && gate.status === 'open') return gate;
  }
  return undefined;
}

export function closeOpenGates(d: Draft, b: BatchScratch, status: 'cancelled') {
  if (d.openGates === 0) return;
  for (const id of d.gateOrder) {
    const gate = d.gates[id];
    if (gate?.status !== 'open') continue;
    ownGates(d, b).gates[id] = { ...gate, status };
    d.openGates -= 1;
  }
}

/**
 * The batch's own copies of `gates` and `gateOrder`, made once per batch. Why: a copy per
 * gate event costs O(gates) each, and a long run with thousands of gates replayed in
 * batches of thousands of frames spent most of its time copying them.
 */
function ownGates(d: Draft, b: BatchScratch): { gates: Record<string, GateState>; order: string[] } {
  if (!b.ownsGates) {
    d.gates = { ...d.gates };
    d.gateOrder = [...d.gateOrder];
    b.ownsGates = true;
  }
  return { gates: d.gates as Record<string, GateState>, order: d.gateOrder as string[] };
}
