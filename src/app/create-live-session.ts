/**
 * The only place that picks transport + decoder for a live run and starts ingest.
 *
 * Wires: transport frames → ingest; every (re)open → the dialect's onOpen commands
 * (watch, replay since the cursor, start); a reconnect on a socket without a resume
 * cursor → the dialect's resync (MARS snapshot refetch); a sequence gap → resync, then
 * (SSE) a stream resumed from before the hole, or (myagent, seq per connection) a new
 * connection whose replay refills it; a silence longer than the protocol's heartbeat →
 * "stale". Commands are recorded
 * (secrets removed) and their HTTP replies fed back through the decoder.
 */
import { createTransport, type TransportExtras } from '@/app/create-transport';
import { sendCommand } from '@/ingest/command-channel';
import { createIngest } from '@/ingest/create-ingest';
import { FrameLog } from '@/ingest/frame-log';
import { createFrameScheduler, type Schedule } from '@/ingest/frame-scheduler';
import type { ConnectParams, Dialect, OutboundCommand } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import { createGateAnswerStore } from '@/stores/gate-answer-store';
import { createNodeStatusStore } from '@/stores/node-status-store';
import type { AuditNote, CommandResult, RunSession } from '@/stores/run-session';
import { LIVE_LOG_MAX_ROWS } from '@/stores/event-log';
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
/** Reconnects allowed after the run ended, only to fill a gap still open (never forever). */
const GAP_RESUMES_AFTER_END = 3;

export function createLiveSession(options: LiveSessionOptions): LiveSession {
  const { dialect, params } = options;
  const startedAtMs = Date.now();
  const plan = dialect.connect(params);
  const frames = new FrameLog(
    { runboard: 1, dialect: dialect.id, transport: plan.kind === 'post-sse' ? 'sse' : plan.kind, source: plan.url, startedAt: new Date(startedAtMs).toISOString(), runId: params.runId },
    startedAtMs,
  );
  const run = createRunStore({ runId: params.runId, dialect: dialect.id, source: params.baseUrl }, LIVE_LOG_MAX_ROWS);
  const nodeStatus = createNodeStatusStore();
  const answers = createGateAnswerStore();
  const controller = new AbortController();
  const memo: Record<string, unknown> = {};
  let runId = params.runId;

  const ingest = createIngest({
    dialect,
    run,
    nodeStatus,
    frames,
    schedule: options.schedule ?? createFrameScheduler(),
    runId,
    onGap: (_gap, cursor) => void fillGap(cursor),
    onMemo: (update) => onMemo(update),
    onInternalError: (error) => run.getState().actions.recordIssues([{ frame: -1, reason: `internal error: ${String(error)}`, atMs: Date.now() }]),
  });

  const firstRun = options.start !== undefined ? dialect.startRun?.(options.start, runId) : undefined;
  const firstRunBody = plan.kind === 'post-sse' ? firstRun?.find((c) => c.via === 'run')?.body : undefined;
  const transport = createTransport(plan, { getCursor: () => ingest.cursor, firstRunBody, ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}) });
  const target = { baseUrl: toHttpBase(params.baseUrl), transport, ...(params.token ? { token: params.token } : {}) };

  async function send(commands: readonly OutboundCommand[], audit?: AuditNote): Promise<CommandResult> {
    for (const command of commands) {
      frames.addCommand(command, Date.now());
      const outcome = await sendCommand(command, target);
      if (outcome.reply) ingest.acceptFrame(outcome.reply);
      if (!outcome.ok) {
        if (audit) noteAudit(audit, `not sent: ${outcome.reason}`);
        return { ok: false, reason: outcome.reason, ...(outcome.status !== undefined ? { status: outcome.status } : {}) };
      }
    }
    if (audit) noteAudit(audit, 'sent');
    return { ok: true };
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
    ingest.acceptLocal(event);
  }

  async function resync(cursor: string | undefined) {
    const commands = dialect.resync(runId, cursor);
    if (commands.length === 0) return;
    run.getState().actions.setHealth({ resyncing: true });
    await send(commands);
    ingest.flushNow();
    run.getState().actions.setHealth({ resyncing: false });
  }

  let filling = false;
  /** A gap: the dialect's resync; then, for SSE, resume the stream from before the hole. */
  async function fillGap(cursor: string | undefined) {
    if (dialect.gapRecovery === 'reconnect') return transport.reconnect?.('refilling a gap in the stream');
    if (filling) return;
    filling = true;
    try {
      await resync(cursor);
      if (plan.kind === 'sse' && ingest.hasOpenGap) transport.reconnect?.('resuming the stream from before a gap');
    } finally {
      filling = false;
    }
  }

  let gapResumes = 0;
  function shouldReconnect(): boolean {
    // The terminal event may still wait in the batch for the next animation frame.
    ingest.flushNow();
    if (!TERMINAL.has(run.getState().status)) return true;
    return ingest.hasOpenGap && gapResumes++ < GAP_RESUMES_AFTER_END;
  }

  function onMemo(update: Readonly<Record<string, unknown>>) {
    const previous = { ...memo };
    Object.assign(memo, update);
    const reaction = dialect.onMemo?.({ memo, previous, runId, ...(options.start !== undefined ? { start: options.start } : {}) });
    if (!reaction) return;
    if (reaction.runId) runId = reaction.runId;
    if (reaction.commands.length > 0) void send(reaction.commands);
  }

  transport.connect(
    {
      onFrame: (frame) => ingest.acceptFrame(frame),
      onAlive: () => ingest.alive(),
      onState: (state) => {
        ingest.flushNow();
        run.getState().actions.setConnection(state);
      },
      onOpen: ({ reconnect }) => {
        if (reconnect) ingest.newEpoch();
        const commands = dialect.onOpen({ runId, cursor: ingest.cursor, reconnect, memo, ...(options.start !== undefined ? { start: options.start } : {}) });
        void send(commands).then(() => {
          if (reconnect && plan.kind === 'websocket') void resync(ingest.cursor);
        });
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
    run,
    nodeStatus,
    answers,
    send,
    memo: () => memo,
    frameAt: (index) => frames.frameAt(index),
    exportRecording: () => frames.toJsonl(),
    recordingBound: () => ({ droppedLines: frames.dropped, maxLines: frames.maxEntries }),
  };

  return {
    session,
    close() {
      clearInterval(staleTimer);
      ingest.dispose();
      controller.abort();
    },
  };
}

/** HTTP commands of WebSocket dialects (MARS snapshot) go to the same host over http(s). */
function toHttpBase(baseUrl: string): string {
  return baseUrl.replace(/^ws(s?):\/\//, 'http$1://');
}
