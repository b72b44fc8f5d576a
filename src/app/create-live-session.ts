/**
 * The only place that picks transport + dialect for a live run and starts ingest.
 *
 *   transport ─frames─▶ drive-ingest (record, pipeline, flush per animation frame) ─▶ stores
 *      ▲                        │ actions (memo, resume the stream, refill / snapshot commands)
 *      └── commands ◀── session ◀┘ and bound commands from views (answerGate, control)
 *
 * Everything protocol-specific comes from the dialect: the connection plan, the commands on
 * every (re)open, the refill and snapshot commands, the status check, and `recovery.drop` —
 * resume (reconnect), watch (give the socket up and watch without it: MARS lets only the tab
 * that started a run hold its socket, so every other session watches from the start) or
 * report. Commands are recorded (secrets removed) and their HTTP replies read as frames. The
 * stream's end stops reconnecting and closes the connection.
 */
import { createTransport, type TransportExtras } from '@/app/create-transport';
import { startWatchdogs } from '@/app/live-watchdogs';
import { sendCommand } from '@/ingest/command-channel';
import { createIngest, type IngestAction } from '@/ingest/create-ingest';
import { driveIngest } from '@/ingest/drive-ingest';
import { FrameLog } from '@/ingest/frame-log';
import { createFrameScheduler, type Schedule } from '@/ingest/frame-scheduler';
import type { ConnectionPlan, ConnectParams, Dialect, Memo, OutboundCommand, Unavailable } from '@/protocol/dialect';
import { isUnavailable } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import { EventLog, LIVE_LOG_MAX_ROWS } from '@/stores/event-log';
import { createGateAnswerStore } from '@/stores/gate-answer-store';
import { createNodeStatusStore } from '@/stores/node-status-store';
import type { AuditNote, CommandResult, RunSession } from '@/stores/run-session';
import { createRunStore } from '@/stores/run-store';
import type { Transport, TransportHandlers } from '@/transport/transport';

export type LiveSessionOptions = Readonly<{
  dialect: Dialect;
  params: ConnectParams;
  /** Instructions when this session starts the run (after the person pressed "Start run"). */
  start?: string;
  schedule?: Schedule;
  WebSocketImpl?: TransportExtras['WebSocketImpl'];
  /** How long a connected stream may say nothing about the run before it reads "nothing yet" (tests shorten it). */
  nothingYetAfterMs?: number;
}>;

export type LiveSession = Readonly<{ session: RunSession; close: () => void }>;

type WatchInfo = Readonly<{ describe: string; commandsUnavailable?: string | undefined }>;

type Connection = Readonly<{ transport: Transport; controller: AbortController; target: { baseUrl: string; transport: Transport; token?: string } }>;

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);
/** Reconnects allowed after the run ended, only to refill a hole still open (never forever). */
const REFILLS_AFTER_END = 3;

export function createLiveSession(options: LiveSessionOptions): LiveSession {
  const { dialect } = options;
  const params: ConnectParams = { ...options.params, ...(options.start !== undefined ? { start: options.start } : {}) };
  const startedAtMs = Date.now();
  // A session that did not start the run watches without the socket where the protocol says so.
  const watchFromStart = params.start === undefined && dialect.recovery.drop === 'watch' ? dialect.watchPlan?.(params) : undefined;
  const plan: ConnectionPlan = watchFromStart ?? dialect.connect(params);
  const frames = new FrameLog(
    { runboard: 1, dialect: dialect.id, transport: dialect.wire, source: 'url' in plan ? plan.url : plan.baseUrl, startedAt: new Date(startedAtMs).toISOString(), runId: params.runId },
    startedAtMs,
  );
  const log = new EventLog(LIVE_LOG_MAX_ROWS);
  const run = createRunStore({ runId: params.runId, dialect: dialect.id, source: params.baseUrl });
  const nodeStatus = createNodeStatusStore();
  const memo: Record<string, unknown> = {};
  let runId = params.runId;
  let lastFrameAtMs = startedAtMs;

  const ingest = createIngest({ dialect, runId, now: Date.now, onAction: (action) => onAction(action) });
  const driver = driveIngest({ ingest, target: { log, run, nodeStatus }, frames, schedule: options.schedule ?? createFrameScheduler(), now: Date.now });
  const extras: TransportExtras = { getCursor: () => ingest.cursor, getMemo: () => memo, ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}) };
  // Set by open(): the connection that is the session's now (a watch replaces the socket).
  let connection = undefined as unknown as Connection;
  /** True once this session watches without the socket (from the start, or since its socket dropped). */
  let watching = watchFromStart !== undefined;
  open(plan, watchFromStart);

  /** A command of this session: recorded, read by interpreters that read their own commands, sent once. */
  async function send(commands: readonly OutboundCommand[], audit?: AuditNote): Promise<CommandResult> {
    for (const command of commands) {
      note(command);
      const outcome = await sendCommand(command, connection.target, (reply) => driver.accept(reply));
      if (!outcome.ok) {
        if (audit) noteAudit(audit, `not sent: ${outcome.reason}`);
        return { ok: false, reason: outcome.reason, ...(outcome.status !== undefined ? { status: outcome.status } : {}) };
      }
    }
    if (audit) noteAudit(audit, 'sent');
    return { ok: true };
  }

  function note(command: OutboundCommand) {
    frames.addCommand(command, Date.now());
    driver.outbound(command);
  }

  /** A person's command: the dialect may say it cannot be done, with the reason. */
  function sendBound(commands: OutboundCommand[] | Unavailable, audit: AuditNote): Promise<CommandResult> {
    return isUnavailable(commands) ? Promise.resolve({ ok: false, reason: commands.unavailable }) : send(commands, audit);
  }

  /** The audit trail: who did what from this browser, beside the stream's own echo. */
  function noteAudit(audit: AuditNote, outcome: string) {
    const event: RunEvent = {
      type: 'log',
      level: outcome === 'sent' ? 'info' : 'warn',
      source: 'audit',
      message: `${audit.message} — from this browser, ${outcome}`,
      atMs: Date.now(),
      ...(audit.nodeId !== undefined ? { nodeId: audit.nodeId } : {}),
    };
    frames.addAudit(event, Date.now());
    driver.local(event);
  }

  function onAction(action: IngestAction) {
    switch (action.kind) {
      case 'memo':
        return onMemo(action.memo);
      case 'resume-stream':
        return connection.transport.reconnect?.(action.reason);
      case 'send':
        return void refill(action.commands);
    }
  }

  /** Refill or snapshot commands; the status region says "resyncing" meanwhile. */
  async function refill(commands: readonly OutboundCommand[]) {
    run.getState().actions.setHealth({ resyncing: true });
    await send(commands);
    driver.flushNow();
    run.getState().actions.setHealth({ resyncing: false });
  }

  function onMemo(update: Memo) {
    const previous = { ...memo };
    Object.assign(memo, update);
    const reaction = dialect.onMemo?.({ memo, previous, runId, ...(params.start !== undefined ? { start: params.start } : {}) });
    if (!reaction) return;
    if (reaction.runId) runId = reaction.runId;
    if (reaction.commands.length > 0) void send(reaction.commands);
  }

  /**
   * One connection (a stream, a socket, or polling), with its own abort and its command target;
   * it becomes the session's at once. A watch is described in the status region, and where the
   * protocol takes commands only on its socket, the controls say why they are unavailable.
   */
  function open(connectionPlan: ConnectionPlan, watch: WatchInfo | undefined): Connection {
    const controller = new AbortController();
    const transport = createTransport(connectionPlan, extras);
    const current: Connection = { transport, controller, target: { baseUrl: toHttpBase(params.baseUrl), transport, ...(params.token ? { token: params.token } : {}) } };
    connection = current;
    if (watch !== undefined) memo.watching = watch.describe;
    run.getState().actions.setHealth({ note: watch?.describe, commandsUnavailable: watch?.commandsUnavailable });
    if (connectionPlan.opening) note(connectionPlan.opening);
    transport.connect(handlersFor(current), controller.signal);
    return current;
  }

  function handlersFor(current: Connection): TransportHandlers {
    const mine = () => connection === current && !current.controller.signal.aborted;
    return {
      onFrame: (frame) => {
        lastFrameAtMs = Date.now();
        driver.accept(frame);
        if (ingest.ended) endOfStream();
      },
      onAlive: () => driver.alive(),
      onState: (state) => {
        if (!mine()) return;
        driver.flushNow();
        run.getState().actions.setConnection(state);
      },
      onOpen: ({ reconnect }) => {
        if (reconnect) driver.newConnection();
        void send(dialect.onOpen({ runId, cursor: ingest.cursor, reconnect, memo, ...(params.start !== undefined ? { start: params.start } : {}) }));
      },
      shouldReconnect,
    };
  }

  let refillsAfterEnd = 0;
  /**
   * Asked when a connection ends (and by a watch after each round): the stream's end, or a
   * finished run, stops reconnecting. drop 'watch': a watch polls on until the run is over; a
   * socket that dropped before it is given up for a watch.
   */
  function shouldReconnect(): boolean {
    // The terminal event may still wait in the batch for the next animation frame.
    driver.flushNow();
    const over = ingest.ended || TERMINAL.has(run.getState().status);
    if (dialect.recovery.drop === 'watch') {
      if (!over && !watching) queueMicrotask(watchInstead);
      return !over && watching;
    }
    if (dialect.recovery.drop !== 'resume') return false;
    if (!over) return true;
    return ingest.refilling && refillsAfterEnd++ < REFILLS_AFTER_END;
  }

  /** The socket is gone and a new one would steal or restart the run: watch without it from now on. */
  function watchInstead() {
    const watch = dialect.watchPlan?.(params);
    if (!watch || !isOpen(connection) || watching) return;
    connection.controller.abort();
    watching = true;
    connection = open(watch, watch);
  }

  let ended = false;
  /** The stream said the run is over: close it (a resumed stream would otherwise idle forever) and, when it did not say how, ask. */
  function endOfStream() {
    if (ended) return;
    ended = true;
    driver.flushNow();
    const current = connection;
    queueMicrotask(() => {
      current.controller.abort();
      run.getState().actions.setConnection({ status: 'closed', by: 'server', reason: 'the stream said the run is over' });
    });
  }

  const stopWatchdogs = startWatchdogs({
    dialect,
    run,
    lastFrameAtMs: () => lastFrameAtMs,
    ended: () => ingest.ended,
    checkStatus: () => void send(dialect.checkStatus?.(runId) ?? []),
    ...(options.nothingYetAfterMs !== undefined ? { nothingYetAfterMs: options.nothingYetAfterMs } : {}),
  });

  const session: RunSession = {
    get runId() {
      return runId;
    },
    mode: 'live',
    dialect,
    log,
    run,
    nodeStatus,
    answers: createGateAnswerStore(),
    answerGate: (gate, answer, audit) => sendBound(dialect.answerGate(gate, answer, memo), audit),
    control: (action, reason, audit) => sendBound(dialect.control(action, runId, reason, memo), audit),
    frameAt: (index) => frames.frameAt(index),
    exportRecording: () => frames.toJsonl(),
    recordingBound: () => ({ droppedLines: frames.dropped, maxLines: frames.maxEntries }),
  };

  return {
    session,
    close() {
      stopWatchdogs();
      driver.dispose();
      connection.controller.abort();
    },
  };
}

function isOpen(current: { controller: AbortController }): boolean {
  return !current.controller.signal.aborted;
}

/** HTTP commands of WebSocket dialects (MARS snapshot) go to the same host over http(s). */
function toHttpBase(baseUrl: string): string {
  return baseUrl.replace(/^ws(s?):\/\//, 'http$1://');
}
