/**
 * What became of a gate, in words a person reads: approved, rejected, answered, timed out
 * (with what the backend then did), cancelled. Pure, over the run store's GateState;
 * guarded by gate-verdict.test.ts.
 *
 * Why derived here and not in the reducer: the stream says only "resolved" with a
 * protocol's own decision word ("approved", "reject", "cancelled", an option's label,
 * free text). The gate's own options say which words approve and which reject; a word
 * that matches no option is read by its meaning, and anything else is "answered".
 */
import type { GateOption } from '@/protocol/run-event';

import type { GateState, RunState } from '@/stores/run-types';

export type GateVerdict = 'open' | 'approved' | 'rejected' | 'answered' | 'timed_out' | 'cancelled';

const APPROVE_WORD = /^(approv|accept|allow|confirm|resolv|yes\b|ok\b|submit|input_provided|continu|proceed|go\b)/i;
const REJECT_WORD = /(reject|deny|denied|declin|cancel|abort|skip|^no\b|stop|refus)/i;

/**
 * Approve-like, reject-like or neither: by the gate's matching option when it has a tone
 * of its own, else by the word (tolky's options are bare strings, all "neutral").
 */
export function decisionTone(decision: string, options: readonly GateOption[]): GateOption['tone'] {
  const word = decision.trim().toLowerCase();
  const option = options.find((o) => o.value.toLowerCase() === word || o.label.toLowerCase() === word);
  if (option?.tone === 'approve' || option?.tone === 'reject') return option.tone;
  if (REJECT_WORD.test(word)) return 'reject';
  if (APPROVE_WORD.test(word)) return 'approve';
  return 'neutral';
}

/** Does choosing this option turn work down (reject, skip, cancel)? Such an answer is confirmed before it is sent. */
export function optionTurnsDown(option: GateOption): boolean {
  if (option.tone === 'reject') return true;
  return option.tone !== 'approve' && (REJECT_WORD.test(option.label.trim()) || REJECT_WORD.test(option.value.trim()));
}

export function gateVerdict(gate: GateState): GateVerdict {
  if (gate.status === 'open') return 'open';
  if (gate.status === 'timed_out') return 'timed_out';
  if (gate.status === 'cancelled') return 'cancelled';
  const said = payloadTone(gate.resolution?.payload);
  if (said !== undefined) return said === 'approve' ? 'approved' : 'rejected';
  const tone = decisionTone(gate.resolution?.decision ?? '', gate.options);
  return tone === 'approve' ? 'approved' : tone === 'reject' ? 'rejected' : 'answered';
}

const YES_NO_KEYS = ['approved', 'approve', 'confirmed', 'accepted', 'allow'];

/**
 * A structured answer that says yes or no itself (`{approved: false}` resolves an AG-UI
 * interrupt and denies the action): its own word outranks the decision word.
 */
function payloadTone(payload: unknown): 'approve' | 'reject' | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const record = payload as Record<string, unknown>;
  const key = YES_NO_KEYS.find((k) => typeof record[k] === 'boolean');
  return key === undefined ? undefined : record[key] ? 'approve' : 'reject';
}

/** The payload an answer carried, as a short line of JSON (" with {"approved":true}"), or nothing. */
function payloadText(gate: GateState): string {
  const payload = gate.resolution?.payload;
  if (payload === undefined) return '';
  let text: string;
  try {
    text = JSON.stringify(payload) ?? '';
  } catch {
    return '';
  }
  return ` with ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`;
}

/** What the backend did when the gate timed out: "rejected it", "approved it", "resolved it as “x”". */
function timeoutOutcome(gate: GateState): string {
  const decision = gate.resolution?.decision ?? gate.onTimeout;
  if (!decision) return 'the backend decided';
  const tone = decisionTone(decision, gate.options);
  if (tone === 'approve') return 'the backend approved it';
  if (tone === 'reject') return 'the backend rejected it';
  return `the backend resolved it as “${decision}”`;
}

/** Who the backend says decided (never its word for a timeout). */
function backendDecider(gate: GateState): string | undefined {
  const who = gate.resolution?.decidedBy;
  return who && who !== 'timeout' ? who : undefined;
}

/**
 * One line: "rejected by alice", "timed out — the backend rejected it", "answered “blue” by bob".
 * `decider`: who to name (reviewer-store.ts shownDecider: our own answers by the one rule); by
 * default the backend's word.
 */
export function gateVerdictText(gate: GateState, decider: string | undefined = backendDecider(gate)): string {
  const by = decider ? ` by ${decider}` : '';
  switch (gateVerdict(gate)) {
    case 'open': return 'waiting for a decision';
    case 'approved': return `approved${payloadText(gate)}${by}`;
    // AG-UI's "cancelled" is the person's own word for turning an interrupt down: said as sent.
    case 'rejected': return `${gate.resolution?.decision === 'cancelled' ? 'cancelled' : 'rejected'}${payloadText(gate)}${by}`;
    case 'answered': return `answered “${gate.resolution?.decision ?? ''}”${payloadText(gate)}${by}`;
    case 'timed_out': return `timed out — ${timeoutOutcome(gate)}`;
    case 'cancelled': return 'cancelled with the run';
  }
}

/** A word or two for a node box: "approved", "rejected", "timed out (rejected)". */
export function gateVerdictShort(gate: GateState): string {
  const verdict = gateVerdict(gate);
  if (verdict !== 'timed_out') return verdict === 'answered' ? 'answered' : verdict === 'open' ? 'waiting' : verdict;
  const tone = decisionTone(gate.resolution?.decision ?? gate.onTimeout ?? '', gate.options);
  return tone === 'reject' ? 'timed out (rejected)' : tone === 'approve' ? 'timed out (approved)' : 'timed out';
}

/**
 * What a finished gate step reads as in every view (its graph node, its Durations row): the
 * verdict of its decided gate ("approved", "rejected", "timed out (rejected)") instead of
 * "succeeded" or "cancelled"; undefined when the status stands on its own (no decided gate,
 * a gate cancelled with the run, a cancelled step whose gate did not turn it down).
 */
export function finishedGateWord(gate: GateState | undefined, status: string): string | undefined {
  if (status !== 'succeeded' && status !== 'cancelled') return undefined;
  if (!gate || gate.status === 'open' || gate.status === 'cancelled' || (status === 'cancelled' && !turnedDownByGate(gate))) return undefined;
  return gateVerdictShort(gate);
}

/** The newest decided gate of a node (a node may ask again after a retry), or undefined. */
export function decidedGateOfNode(state: Pick<RunState, 'gates' | 'gateOrder'>, nodeId: string): GateState | undefined {
  for (let i = state.gateOrder.length - 1; i >= 0; i--) {
    const gate = state.gates[state.gateOrder[i] ?? ''];
    if (gate?.nodeId === nodeId && gate.status !== 'open') return gate;
  }
  return undefined;
}

type GateSource = Pick<RunState, 'gates' | 'gateOrder'>;

/**
 * A scan of every gate, run again only when the gates changed (the reducer copies `gates`
 * and `gateOrder` when it writes them, so the same two objects hold the same gates). Why:
 * these scans are store selectors, and zustand runs a selector on every change of the run
 * store: a replay seek makes several, and a live run one per paint. Profiled scrubbing a
 * million-frame replay in Chromium, the two scans over its ~3,100 gates took 2.7 ms a seek.
 */
function lastScanOfGates<T>(scan: (state: GateSource) => T): (state: GateSource) => T {
  let last: { gates: GateSource['gates']; order: GateSource['gateOrder']; result: T } | undefined;
  return (state) => {
    if (last?.gates !== state.gates || last.order !== state.gateOrder) last = { gates: state.gates, order: state.gateOrder, result: scan(state) };
    return last.result;
  };
}

/** Did this gate turn the work down: rejected, or timed out into anything but an approval? */
export function turnedDownByGate(gate: GateState | undefined): boolean {
  if (!gate) return false;
  const verdict = gateVerdict(gate);
  if (verdict === 'rejected') return true;
  return verdict === 'timed_out' && decisionTone(gate.resolution?.decision ?? gate.onTimeout ?? '', gate.options) !== 'approve';
}

/**
 * The gate that decided how the run went, when one turned work down: the newest gate that
 * was rejected, or timed out into a rejection. Undefined when every gate was approved,
 * answered, or none was asked.
 */
export const turningGate = lastScanOfGates((state): GateState | undefined => {
  for (let i = state.gateOrder.length - 1; i >= 0; i--) {
    const gate = state.gates[state.gateOrder[i] ?? ''];
    if (turnedDownByGate(gate)) return gate;
  }
  return undefined;
});

/**
 * The nodes whose newest gate turned the work down, as "id<TAB>verdict" lines: a string, so
 * a selector over it is stable until a gate is decided.
 */
export const turnedDownNodes = lastScanOfGates((state): string => {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (let i = state.gateOrder.length - 1; i >= 0; i--) {
    const gate = state.gates[state.gateOrder[i] ?? ''];
    if (!gate?.nodeId || gate.status === 'open' || seen.has(gate.nodeId)) continue;
    seen.add(gate.nodeId);
    if (turnedDownByGate(gate)) lines.push(`${gate.nodeId}\t${gateVerdictShort(gate)}`);
  }
  return lines.join('\n');
});
