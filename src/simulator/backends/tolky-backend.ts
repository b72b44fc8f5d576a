/**
 * Simulated tolky backend: Socket.IO namespace `/sequential-thinking` on the simulator's
 * io server. Auth `{token, sessionId?}` in the handshake; any token is accepted and none
 * is stored or logged: each connection is recorded (kind 'connection') with the handshake
 * URL, whether a token came in auth and its first 2 characters (for the secrets test).
 *
 *   connect                      → session_started {sessionId} (session_resumed when auth.sessionId), session_intents
 *   watch_intent {intentId}      → joins intent + host rooms, starts the scripted run, sequential_thinking_joined
 *   join_sequential_thinking_intent / _host, unwatch_intent, leave_*   (compat room joins/leaves)
 *   replay_events {intentId, sinceSeq?} → replay_events_response {intentId, events: seq > sinceSeq}
 *                                  (an intent nobody watched yet replays only to its own session)
 *   cancel_intent {intentId, reason?}   → run cancelled, intent_cancel_acknowledged
 *   start_request {instructions, intentId, continuationInput?} → answers the open interruption,
 *                                  or starts the intent (session_intent_started)
 *   list_session_intents         → session_intents
 *
 * Multi-pod (tolky-pods.ts): a follower pod (ctx.drivesRuns false) starts no run; a watch
 * joins the rooms of a run another pod drives, and a replay asks the other pods.
 *
 * Every pipeline event is emitted to the session room(s), the intent room and the host
 * room separately, so a client in all three really receives it three times (as the real
 * server does). Every command is recorded with ctx.record (kind = event name).
 */
import { randomUUID } from 'node:crypto';

import type { Namespace, Socket } from 'socket.io';

import { createTolkyEncoder } from '@/simulator/backends/tolky-encoder';
import type { TolkyWire } from '@/simulator/backends/tolky-frames';
import { answerHistoryRequests, historyFromPeers } from '@/simulator/backends/tolky-pods';
import { tolkyIntentRows } from '@/simulator/run-lists/tolky-intent-rows';
import { scenarioForRun } from '@/simulator/scenarios/scenarios';
import type { SimStep } from '@/simulator/engine/scenario';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { authSeen } from '@/simulator/http-util';
import type { SimBackendFactory, SimContext } from '@/simulator/sim-backend';

type Intent = { run: ScriptedRun<TolkyWire>; hostId: string; sessions: Set<string> };
type Body = Record<string, unknown> | undefined;

const sessionRoom = (id: string) => `st_session_${id}`;
const intentRoom = (id: string) => `sequential_thinking_intent_${id}`;
const hostRoom = (id: string) => `sequential_thinking_host_${id}`;
const EVENT = 'sequential_thinking_event';

/**
 * Joins a room without waiting: the in-memory adapter joins at once; the Redis adapter of the
 * multi-pod setup answers with a promise whose failure (Redis gone) is said here, not lost.
 */
function join(socket: Socket, room: string): void {
  void Promise.resolve(socket.join(room)).catch((error: unknown) => console.error(`tolky simulator: could not join ${room}`, error));
}

export const createTolkyBackend: SimBackendFactory = (ctx) => {
  const intents = new Map<string, Intent>();
  return {
    dialect: 'tolky',
    startsRuns: true,
    socketIo(io) {
      const nsp = io.of('/sequential-thinking');
      nsp.on('connection', (socket) => onConnection(ctx, nsp, intents, socket));
      answerHistoryRequests(nsp, (intentId) => intents.get(intentId)?.run.history);
    },
  };
};

function onConnection(ctx: SimContext, nsp: Namespace, intents: Map<string, Intent>, socket: Socket) {
  const auth = (socket.handshake.auth ?? {}) as { sessionId?: unknown; token?: unknown };
  const token = typeof auth.token === 'string' ? auth.token : undefined;
  ctx.record({ dialect: 'tolky', runId: '', kind: 'connection', body: { url: socket.handshake.url, ...authSeen(token) } });
  const resumed = typeof auth.sessionId === 'string' && auth.sessionId !== '';
  const sessionId = resumed ? (auth.sessionId as string) : randomUUID();
  join(socket, sessionRoom(sessionId));
  socket.emit(resumed ? 'session_resumed' : 'session_started', { sessionId });
  socket.emit('session_intents', { sessionId, intents: listIntents(ctx, intents, sessionId) });

  const on = (event: string, handle: (body: Body, intentId: string) => void) =>
    socket.on(event, (data: unknown) => {
      const body = typeof data === 'string' ? { intentId: data } : (data as Body);
      const intentId = typeof body?.intentId === 'string' ? body.intentId : '';
      ctx.record({ dialect: 'tolky', runId: intentId, kind: event, body: data });
      handle(body, intentId);
    });

  const watch = (_body: Body, intentId: string) => {
    if (attach(ctx, nsp, intents, socket, sessionId, intentId)) socket.emit('sequential_thinking_joined', { intentId, room: intentRoom(intentId) });
  };
  on('watch_intent', watch);
  on('join_sequential_thinking_intent', watch);
  const leave = (_body: Body, intentId: string) => void socket.leave(intentRoom(intentId));
  on('unwatch_intent', leave);
  on('leave_sequential_thinking_intent', leave);
  on('join_sequential_thinking_host', (body) => {
    const hostId = String(body?.hostId ?? '');
    join(socket, hostRoom(hostId));
    socket.emit('sequential_thinking_joined_host', { hostId });
  });
  on('leave_sequential_thinking_host', (body) => void socket.leave(hostRoom(String(body?.hostId ?? ''))));
  on('replay_events', (body, intentId) => {
    const since = typeof body?.sinceSeq === 'number' ? body.sinceSeq : -1;
    const local = (intents.get(intentId)?.run ?? sessionRun(ctx, intentId, sessionId))?.history;
    if (!local && !ctx.drivesRuns) {
      // Detached: historyFromPeers never rejects (no answer, or a failed one, is an empty history).
      void historyFromPeers(nsp, intentId, since).then((events) => socket.emit('replay_events_response', { intentId, events }));
      return;
    }
    socket.emit('replay_events_response', { intentId, events: (local ?? []).filter((wire) => wire.seq > since) });
  });
  on('cancel_intent', (body, intentId) => {
    const reason = typeof body?.reason === 'string' ? body.reason : 'cancelled by user';
    const success = intents.get(intentId)?.run.cancel(reason) ?? false;
    socket.emit('intent_cancel_acknowledged', { intentId, success, ...(success ? {} : { reason: 'the intent is not running' }) });
  });
  on('start_request', (body, intentId) => {
    if (body?.continuationInput !== undefined) return continueIntent(socket, intents.get(intentId), intentId, body.continuationInput, sessionId);
    const id = intentId || `fanout~${randomUUID().slice(0, 8)}`;
    if (!attach(ctx, nsp, intents, socket, sessionId, id)) return;
    nsp.to(sessionRoom(sessionId)).emit('session_intent_started', { intentId: id, instructions: body?.instructions ?? '', sessionId });
  });
  on('list_session_intents', () => socket.emit('session_intents', { sessionId, intents: listIntents(ctx, intents, sessionId) }));
}

/**
 * An intent of this socket's session that no socket has watched yet (a seeded run): its
 * history is the session's to replay. An intent of another session replays nothing here,
 * which is why a link to a listed intent carries its session.
 */
function sessionRun(ctx: SimContext, intentId: string, sessionId: string) {
  const run = ctx.existingRun<TolkyWire>('tolky', intentId);
  return run?.group === sessionId ? run : undefined;
}

/** Joins the socket to the intent's rooms, starting the run (and its room broadcast) on first use. */
function attach(ctx: SimContext, nsp: Namespace, intents: Map<string, Intent>, socket: Socket, sessionId: string, intentId: string): boolean {
  let intent = intents.get(intentId);
  if (!intent && !ctx.drivesRuns) {
    // A follower pod: the run plays on the driver; its room emits reach this socket through the adapter.
    join(socket, intentRoom(intentId));
    join(socket, hostRoom(scenarioForRun(intentId)?.id ?? intentId));
    return true;
  }
  if (!intent) {
    const run = ctx.run<TolkyWire>('tolky', intentId, createTolkyEncoder(sessionId));
    if (!run) {
      socket.emit('sequential_thinking_error', { intentId, message: `no scenario for intent ${intentId}` });
      return false;
    }
    run.group ??= sessionId;
    const created: Intent = { run, hostId: run.scenario.id, sessions: new Set() };
    intents.set(intentId, created);
    run.subscribe((wire) => broadcast(nsp, created, wire));
    intent = created;
  }
  intent.sessions.add(sessionId);
  join(socket, intentRoom(intentId));
  // The host is the scenario: intents of one scenario share it, as intents of one host app do.
  join(socket, hostRoom(intent.hostId));
  return true;
}

/** Three separate emits: one per room, so a socket in all three gets three copies. */
function broadcast(nsp: Namespace, intent: Intent, wire: TolkyWire) {
  for (const session of intent.sessions) nsp.to(sessionRoom(session)).emit(EVENT, wire);
  nsp.to(intentRoom(wire.intentId)).emit(EVENT, wire);
  nsp.to(hostRoom(intent.hostId)).emit(EVENT, wire);
}

function continueIntent(socket: Socket, intent: Intent | undefined, intentId: string, input: unknown, sessionId: string) {
  const gateId = intent?.run.pendingGateIds[0];
  if (!intent || gateId === undefined) {
    socket.emit('session_error', { intentId, message: 'nothing in this intent is waiting for a continuation' });
    return;
  }
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  intent.run.decide(gateId, toneOf(intent.run.scenario.steps, gateId, text), `session:${sessionId}`, text);
}

/** The chosen option's tone; free text is approve-like unless it reads as a refusal. */
function toneOf(steps: readonly SimStep[], gateId: string, input: string): 'approve' | 'reject' {
  const gate = findGate(steps, gateId);
  const option = gate?.options.find((o) => o.label.toLowerCase() === input.toLowerCase() || o.value.toLowerCase() === input.toLowerCase());
  if (option) return option.tone === 'reject' ? 'reject' : 'approve';
  return /^\s*(reject|rejected|cancel|no|deny|stop|abort)\b/i.test(input) ? 'reject' : 'approve';
}

function findGate(steps: readonly SimStep[], gateId: string): Extract<SimStep, { op: 'gate' }> | undefined {
  for (const step of steps) {
    if (step.op !== 'gate') continue;
    if (step.id === gateId) return step;
    const nested = findGate(step.approved, gateId) ?? findGate(step.rejected, gateId);
    if (nested) return nested;
  }
  return undefined;
}

/** The session's intents (those it started or watches, and runs seeded into it): run-lists/tolky-intent-rows.ts. */
function listIntents(ctx: SimContext, intents: Map<string, Intent>, sessionId: string) {
  const joined = [...intents.values()].filter((intent) => intent.sessions.has(sessionId)).map((intent) => intent.run as ScriptedRun<unknown>);
  return tolkyIntentRows(ctx, joined, sessionId);
}
