/**
 * The only place that picks transport + dialect for a live run and starts ingest.
 *
 *   transport ─frames─▶ drive-ingest (record, pipeline, flush per animation frame) ─▶ stores
 *      ▲                        │ actions (memo, resume the stream, refill / snapshot commands)
 *      └── commands ◀── session ◀┘ and bound commands from views (answerGate, control)
 *
 * Everything protocol-specific comes from the dialect: the connection plan, the commands on
 * every (re)open, the refill and snapshot commands, and `recovery` (what a dropped
 * connection does). Commands are recorded (secrets removed) and their HTTP replies read as
 * frames. A silence longer than the protocol's heartbeat marks the stream stale.
 */
import { createTransport, type TransportExtras } from '@/app/create-transport';
import { sendCommand } from '@/ingest/command-channel';
import { createIngest, type IngestAction } from '@/ingest/create-ingest';
import { driveIngest } from '@/ingest/drive-ingest';
import { FrameLog } from '@/ingest/frame-log';
import { createFrameScheduler, type Schedule } from '@/ingest/frame-scheduler';
import type { ConnectParams, Dialect, Memo, OutboundCommand, Unavailable } from '@/protocol/dialect';
import { isUnavailable } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import { EventLog, LIVE_LOG_MAX_ROWS } from '@/stores/event-log';
import { createGateAnswerStore } from '@/stores/gate-answer-store';
import { createNodeStatusStore } from '@/stores/node-status-store';
import type { AuditNote, CommandResult, RunSession } from '@/stores/run-session';
import { createRunStore } from '@/stores/run-store';

export type LiveSessionOptions = Readonly<{
  dialect: Dialect;
  params: ConnectParams;
  /** Instructions when this session starts the run (after the person pressed "Start run"). */
  start?: string;
  schedule?: Schedule;
  WebSocketImpl?: TransportExtras['WebSocketImpl'];
}>;

export type LiveSession = Readonly<{ session: RunSession; close: () => void }>;

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);
/** Reconnects allowed after the run ended, only to refill a hole still open (never forever). */
const REFILLS_AFTER_END = 3;

export function createLiveSession(options: LiveSessionOptions): LiveSession {
  const { dialect } = options;
  const params: ConnectParams = { ...options.params, ...(options.start !== undefined ? { start: options.start } : {}) };
  const startedAtMs = Date.now();
  const plan = dialect.connect(params);
  const frames = new FrameLog(
    { runboard: 1, dialect: dialect.id, transport: dialect.wire, source: 'url' in plan ? plan.url : plan.baseUrl, startedAt: new Date(startedAtMs).toISOString(), runId: params.runId },
    startedAtMs,
  );
  const log = new EventLog(LIVE_LOG_MAX_ROWS);
  const run = createRunStore({ runId: params.runId, dialect: dialect.id, source: params.baseUrl });
  const nodeStatus = createNodeStatusStore();
  const controller = new AbortController();
  const memo: Record<string, unknown> = {};
  let runId = params.runId;

  const ingest = createIngest({ dialect, runId, now: Date.now, onAction: (action) => onAction(action) });
  const driver = driveIngest({ ingest, target: { log, run, nodeStatus }, frames, schedule: options.schedule ?? createFrameScheduler(), now: Date.now });
  const transport = createTransport(plan, { getCursor: () => ingest.cursor, ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}) });
  const target = { baseUrl: toHttpBase(params.baseUrl), transport, ...(params.token ? { token: params.token } : {}) };

  async function send(commands: readonly OutboundCommand[], audit?: AuditNote): Promise<CommandResult> {
    for (const command of commands) {
      frames.addCommand(command, Date.now());
      const outcome = await sendCommand(command, target, (reply) => driver.accept(reply));
      if (!outcome.ok) {
        if (audit) noteAudit(audit, `not sent: ${outcome.reason}`);
        return { ok: false, reason: outcome.reason, ...(outcome.status !== undefined ? { status: outcome.status } : {}) };
      }
    }
    if (audit) noteAudit(audit, 'sent');
    return { ok: true };
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
        return transport.reconnect?.(action.reason);
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

  let refillsAfterEnd = 0;
  /** Asked when a connection ends: the stream's end, or a finished run, stops reconnecting. */
  function shouldReconnect(): boolean {
    // The terminal event may still wait in the batch for the next animation frame.
    driver.flushNow();
    if (dialect.recovery.drop !== 'resume') return false;
    const over = ingest.ended || TERMINAL.has(run.getState().status);
    if (!over) return true;
    return ingest.refilling && refillsAfterEnd++ < REFILLS_AFTER_END;
  }

  transport.connect(
    {
      onFrame: (frame) => driver.accept(frame),
      onAlive: () => driver.alive(),
      onState: (state) => {
        driver.flushNow();
        run.getState().actions.setConnection(state);
      },
      onOpen: ({ reconnect }) => {
        if (reconnect) driver.newConnection();
        void send(dialect.onOpen({ runId, cursor: ingest.cursor, reconnect, memo, ...(params.start !== undefined ? { start: params.start } : {}) }));
      },
      shouldReconnect,
    },
    controller.signal,
  );

  const staleTimer = setInterval(() => {
    const { connection } = run.getState();
    const last = connection.lastActivityAtMs ?? startedAtMs;
    const stale = connection.state.status === 'live' && Date.now() - last > dialect.staleAfterMs;
    if (stale !== connection.stale) run.getState().actions.setHealth({ stale });
  }, 1000);

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
      clearInterval(staleTimer);
      driver.dispose();
      controller.abort();
    },
  };
}

/** HTTP commands of WebSocket dialects (MARS snapshot) go to the same host over http(s). */
function toHttpBase(baseUrl: string): string {
  return baseUrl.replace(/^ws(s?):\/\//, 'http$1://');
}
