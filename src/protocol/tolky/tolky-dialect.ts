/**
 * tolky over Socket.IO (its authors' sequential-thinking document; see src/protocol/README.md).
 *   connect   io(base + '/sequential-thinking', { auth: { token, sessionId? } })  (never the URL)
 *   watch     emit watch_intent {intentId}
 *   catch up  emit replay_events {intentId, sinceSeq?}  → replay_events_response
 *   answer    emit start_request {instructions, intentId, continuationInput}
 *   cancel    emit cancel_intent {intentId, reason?}
 *   start     emit start_request {instructions, intentId}
 *
 * On open the replay is asked BEFORE the watch: frames emitted between the two are then
 * lost (a hole the sequencer sees and the next replay refills); replayed envelopes are
 * placed like live frames (tolky-locate.ts), so copies of either kind are dropped by seq.
 *
 * Recovery: seq is gap-free from 1 per intent, so a hole is a lost frame: what follows waits
 * while `replay_events {sinceSeq}` brings it back. tolky keeps every event of an intent, so
 * a hole that stays open is only said, never a snapshot (tolky has none).
 */
import type { Dialect, OutboundCommand } from '@/protocol/dialect';
import { dialectIdentity } from '@/protocol/dialect-info';
import { stringField } from '@/protocol/decode-util';
import { createTolkyInterpreter } from '@/protocol/tolky/tolky-interpreter';
import { locateTolkyFrame } from '@/protocol/tolky/tolky-locate';
import { TOLKY_PIPELINE_EVENT, TOLKY_SESSION_EVENTS } from '@/protocol/tolky/tolky-session-schemas';

export const TOLKY_NAMESPACE = '/sequential-thinking';

const emit = (event: string, data: unknown): OutboundCommand => ({ via: 'emit', event, data });

/** `sinceSeq` omitted means "everything the server holds". */
function replay(intentId: string, cursor: string | undefined): OutboundCommand {
  const since = cursor === undefined ? Number.NaN : Number(cursor);
  return emit('replay_events', Number.isFinite(since) ? { intentId, sinceSeq: since } : { intentId });
}

const startRequest = (instructions: string, intentId: string) => [emit('start_request', { instructions, intentId })];

export const tolkyDialect: Dialect = {
  ...dialectIdentity('tolky'),
  // Step heartbeats come while steps run; between phases tolky can stay quiet for a while.
  staleAfterMs: 60_000,
  // The server never closes the Socket.IO connection when an intent ends (it is the session's,
  // not the intent's): the session closes it shortly after the final status, so the run reads closed.
  closeAfterEndMs: 2_000,
  capabilities: {
    // tolky can start runs (start_request), but its usual client watches intents started
    // elsewhere; the form offers watching, and `&start=` still works through startRun.
    startsRuns: false,
    control: {
      cancel: true,
      pause: 'tolky has no pause: an intent runs until it ends, is interrupted for input or is cancelled',
      resume: 'tolky resumes an interrupted intent only by answering it (a continuation)',
    },
  },
  recovery: {
    // An intent's seq starts at 1: a lost first frame (intent_created) is a hole, not a new start.
    ordering: { by: 'seq', holes: 'lost', firstSeq: 1 },
    refill: ['commands'],
    unfilled: 'accept',
    drop: 'resume',
    unfilledReason: 'the replay did not bring them back',
  },
  locate: locateTolkyFrame,
  createInterpreter: createTolkyInterpreter,
  runIdOf: (frame) => stringField(frame, 'intentId'),
  connect: ({ baseUrl, token, session }) => ({
    kind: 'socket.io',
    url: baseUrl,
    namespace: TOLKY_NAMESPACE,
    // sessionId resumes the session the intent belongs to (a console row links with it: the
    // intent's replay is that session's); without one the server creates a session.
    auth: { ...(token ? { token } : {}), ...(session ? { sessionId: session } : {}) },
    events: [TOLKY_PIPELINE_EVENT, ...TOLKY_SESSION_EVENTS],
  }),
  // Rooms do not survive a reconnect: watch again every time, and catch up from the cursor.
  // A run this connection starts is started once, on the first open only: a second
  // start_request on reconnect would start the intent again.
  onOpen: ({ runId, cursor, start, reconnect }) => {
    const watch = emit('watch_intent', { intentId: runId });
    if (start !== undefined && !reconnect) return [...startRequest(start, runId), watch];
    return [replay(runId, cursor), watch];
  },
  answerGate(gate, answer) {
    const input = answer.option?.value ?? answer.text;
    if (input === undefined || input === '') return { unavailable: 'choose an option or type an answer first' };
    return [emit('start_request', { instructions: answer.text || input, intentId: gate.runId, continuationInput: input })];
  },
  control(action, runId, reason) {
    if (action !== 'cancel') return { unavailable: this.capabilities.control[action] as string };
    return [emit('cancel_intent', reason ? { intentId: runId, reason } : { intentId: runId })];
  },
  startRun: (instructions, runId) => startRequest(instructions, runId),
  refill: (runId, cursor) => [replay(runId, cursor)],
};
