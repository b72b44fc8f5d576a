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
import { createTransport, type TransportExtras } from '@/session/create-transport';
import { startWatchdogs } from '@/session/live-watchdogs';
import { LiveCommands } from '@/session/live-commands';
import { keepResume } from '@/session/reload-resume';
import { StreamEnd } from '@/session/live-stream-end';
import { ConnectionPolicy } from '@/ingest/connection-policy';
import { createIngest, type Ingest, type IngestAction } from '@/ingest/create-ingest';
import { driveIngest, type IngestDriver } from '@/ingest/drive-ingest';
import { FrameLog } from '@/ingest/frame-log';
import { createPaintSchedule, type PaintSchedule } from '@/ingest/paint-schedule';
import type { ConnectionPlan, ConnectParams, Dialect, Memo, OutboundCommand, StartConfig } from '@/protocol/dialect';
import { EventLog, LIVE_LOG_MAX_ROWS } from '@/stores/event-log';
import { createGateAnswerStore } from '@/stores/gate-answer-store';
import { createNodeStatusStore, type NodeStatusStore } from '@/stores/node-status-store';
import type { RunSession } from '@/stores/run-session';
import { createRunStore, type RunStore } from '@/stores/run-store';
import type { Transport, TransportHandlers } from '@/transport/transport';

export type LiveSessionOptions = Readonly<{
  dialect: Dialect;
  params: ConnectParams;
  /** Instructions when this session starts the run (after the person pressed "Start run"). */
  start?: string;
  /** The start options the person chose (Dialect.startOptions). */
  startConfig?: StartConfig;
  schedule?: PaintSchedule;
  WebSocketImpl?: TransportExtras['WebSocketImpl'];
  /** How long a connected stream may say nothing about the run before it reads "nothing yet" (tests shorten it). */
  nothingYetAfterMs?: number;
  /** How long a stream may be silent without a final status before the backend is asked (tests shorten it). */
  statusCheckAfterMs?: number;
  /** How often a session that watches by polling asks again, in place of its dialect's pace (tests shorten it). */
  pollEveryMs?: number;
  /** This tab's key for the run: where the memo a reload needs is kept (Dialect.keptForReload). */
  reloadKey?: string;
  /** The memo kept before a reload: put back before the first open, which then resumes (a reconnect). */
  resume?: Memo;
}>;

export type LiveSession = Readonly<{ session: RunSession; close: () => void }>;

type Connection = Readonly<{ transport: Transport; controller: AbortController; target: { baseUrl: string; transport: Transport; token?: string } }>;

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

export function createLiveSession(options: LiveSessionOptions): LiveSession {
  const live = new LiveRun(options);
  return { session: live.session, close: () => live.close() };
}

class LiveRun {
  readonly session: RunSession;
  private readonly dialect: Dialect;
  private readonly params: ConnectParams;
  private readonly frames: FrameLog;
  private readonly run: RunStore;
  private readonly memo: Record<string, unknown> = {};
  private readonly ingest: Ingest;
  private readonly driver: IngestDriver;
  private readonly commands: LiveCommands;
  private readonly extras: TransportExtras;
  private readonly stopWatchdogs: () => void;
  private runId: string;
  private lastFrameAtMs = Date.now();
  /** Set by open(): the connection that is the session's now (a watch replaces the socket). */
  private connection!: Connection;
  /** Reconnect, watch or give up when a connection ends (recovery.drop). */
  private readonly policy: ConnectionPolicy;
  private readonly end: StreamEnd;
  /** True once this session watches without the socket (from the start, or since its socket dropped). */
  private watching: boolean;
  /** The first open resumes a run this tab had before a reload. */
  private resumeOnOpen: boolean;

  constructor(private readonly options: LiveSessionOptions) {
    const { dialect } = options;
    this.dialect = dialect;
    this.params = { ...options.params, ...(options.start !== undefined ? { start: options.start, ...(options.startConfig ? { startConfig: options.startConfig } : {}) } : {}) };
    this.runId = this.params.runId;
    if (options.resume) Object.assign(this.memo, options.resume);
    this.resumeOnOpen = options.resume !== undefined;
    this.policy = new ConnectionPolicy(dialect.recovery);
    const watchFromStart = this.policy.watchesFromStart(this.params.start !== undefined) ? dialect.watchPlan?.(this.params) : undefined;
    const plan: ConnectionPlan = watchFromStart ?? dialect.connect(this.params);
    this.frames = recordingFor(dialect, plan, this.params);
    const log = new EventLog(LIVE_LOG_MAX_ROWS);
    this.run = createRunStore({ runId: this.runId, dialect: dialect.id, source: this.params.baseUrl });
    const nodeStatus = createNodeStatusStore();
    this.ingest = createIngest({ dialect, runId: this.runId, now: Date.now, onAction: (action) => this.onAction(action) });
    const schedule = options.schedule ?? createPaintSchedule();
    const target = { log, run: this.run, nodeStatus };
    this.driver = driveIngest({ ingest: this.ingest, target, frames: this.frames, schedule, now: Date.now, afterTick: () => this.end.closeIfDone() });
    this.end = new StreamEnd(this.ingest, () => this.endOfStream());
    this.commands = new LiveCommands({ frames: this.frames, driver: this.driver, target: () => this.connection.target });
    const { WebSocketImpl, pollEveryMs } = options;
    this.extras = { getCursor: () => this.ingest.cursor, getMemo: () => this.memo, ...(WebSocketImpl ? { WebSocketImpl } : {}), ...(pollEveryMs !== undefined ? { pollEveryMs } : {}) };
    this.session = this.bindSession(log, nodeStatus);
    this.watching = watchFromStart !== undefined;
    // A resumed run is the one this tab started with these instructions: its title, before the server's replay.
    if (options.resume && this.params.start !== undefined) this.driver.local({ type: 'run.started', title: this.params.start.slice(0, 200), atMs: Date.now() });
    this.open(plan, watchFromStart);
    this.stopWatchdogs = this.startWatchdogs();
  }

  close(): void {
    this.stopWatchdogs();
    this.end.dispose();
    this.driver.dispose();
    this.connection.controller.abort();
  }

  private bindSession(log: EventLog, nodeStatus: NodeStatusStore): RunSession {
    const { dialect, frames, memo, commands } = this;
    const currentRunId = () => this.runId;
    return {
      get runId() {
        return currentRunId();
      },
      mode: 'live',
      dialect,
      log,
      run: this.run,
      nodeStatus,
      answers: createGateAnswerStore(),
      answerGate: (gate, answer, audit) => commands.sendBound(dialect.answerGate(gate, answer, memo), audit),
      control: (action, reason, audit) => commands.sendBound(dialect.control(action, currentRunId(), reason, memo), audit),
      frameAt: (index) => frames.frameAt(index),
      exportRecording: () => frames.toJsonl(),
      recordingBound: () => ({ droppedLines: frames.dropped, maxLines: frames.maxEntries, maxBytes: frames.maxBytes }),
    };
  }

  private startWatchdogs(): () => void {
    const { dialect } = this;
    return startWatchdogs({
      dialect,
      run: this.run,
      lastFrameAtMs: () => this.lastFrameAtMs,
      // Asked once the session closed the ended stream: what a resume brings back comes first.
      ended: () => this.end.closed,
      refilling: () => this.ingest.refilling,
      checkStatus: (why) => void this.commands.send(dialect.checkStatus?.(this.runId, why) ?? []),
      closeEnded: () => this.closeEnded(),
      ...(this.options.nothingYetAfterMs !== undefined ? { nothingYetAfterMs: this.options.nothingYetAfterMs } : {}),
      ...(this.options.statusCheckAfterMs !== undefined ? { statusCheckAfterMs: this.options.statusCheckAfterMs } : {}),
    });
  }

  private onAction(action: IngestAction): void {
    switch (action.kind) {
      case 'memo':
        return this.onMemo(action.memo);
      case 'resume-stream':
        this.end.noteResume();
        return this.connection.transport.reconnect?.(action.reason);
      case 'send':
        return void this.refill(action.commands);
    }
  }

  /** Refill or snapshot commands; the status region says "resyncing" meanwhile. */
  private async refill(commands: readonly OutboundCommand[]): Promise<void> {
    this.run.getState().actions.setHealth({ resyncing: true });
    await this.commands.send(commands);
    this.driver.flushNow();
    this.run.getState().actions.setHealth({ resyncing: false });
  }

  private onMemo(update: Memo): void {
    const previous = { ...this.memo };
    Object.assign(this.memo, update);
    const kept = this.dialect.keptForReload;
    if (kept && this.options.reloadKey !== undefined) keepResume(this.options.reloadKey, kept, this.memo);
    // The interpreter learned what the watch can see after all (MARS: a mode that never asks).
    if (this.watching && 'watchBlindSpot' in update) this.run.getState().actions.setHealth({ blindSpot: typeof update.watchBlindSpot === 'string' ? update.watchBlindSpot : undefined });
    const reaction = this.dialect.onMemo?.({ memo: this.memo, previous, runId: this.runId, ...this.startField() });
    if (!reaction) return;
    if (reaction.runId) this.runId = reaction.runId;
    if (reaction.commands.length > 0) void this.commands.send(reaction.commands);
  }

  private startField(): { start?: string; startConfig?: StartConfig } {
    if (this.params.start === undefined) return {};
    return { start: this.params.start, ...(this.params.startConfig ? { startConfig: this.params.startConfig } : {}) };
  }

  /**
   * One connection (a stream, a socket, or polling), with its own abort and its command target;
   * it becomes the session's at once. A watch is described in the status region, and where the
   * protocol takes commands only on its socket, the controls say why they are unavailable.
   */
  private open(plan: ConnectionPlan, watch: WatchInfo | undefined): void {
    const controller = new AbortController();
    const transport = createTransport(plan, this.extras);
    const { baseUrl, token } = this.params;
    const current: Connection = { transport, controller, target: { baseUrl: toHttpBase(baseUrl), transport, ...(token ? { token } : {}) } };
    this.connection = current;
    if (watch !== undefined) this.memo.watching = watch.describe;
    this.run.getState().actions.setHealth({ note: watch?.describe, commandsUnavailable: watch?.commandsUnavailable, blindSpot: watch?.blindSpot });
    if (plan.opening) this.commands.record(plan.opening);
    transport.connect(this.handlersFor(current), controller.signal);
  }

  private handlersFor(current: Connection): TransportHandlers {
    const mine = () => this.connection === current && isOpen(current);
    return {
      onFrame: (frame, textLength, frameText) => {
        this.lastFrameAtMs = Date.now();
        this.driver.receive(frame, textLength, frameText);
        this.end.closeIfDone();
      },
      onAlive: () => this.driver.alive(),
      onState: (state) => {
        if (!mine()) return;
        this.driver.flushNow();
        this.run.getState().actions.setConnection(state);
      },
      onOpen: ({ reconnect }) => {
        if (reconnect) this.driver.newConnection();
        const resuming = this.resumeOnOpen;
        this.resumeOnOpen = false;
        void this.commands.send(this.dialect.onOpen({ runId: this.runId, cursor: this.ingest.cursor, reconnect: reconnect || resuming, memo: this.memo, ...this.startField() }));
      },
      shouldReconnect: () => this.shouldReconnect(),
    };
  }

  /**
   * Asked when a connection ends (and by a watch after each round): the connection policy
   * decides (src/ingest/connection-policy.ts); the stream's end, or a finished run, stops
   * reconnecting, and a socket given up for a watch is replaced once this call returns.
   */
  private shouldReconnect(): boolean {
    // The terminal event may still wait in the batch for the next animation frame.
    this.driver.flushNow();
    const over = this.ingest.ended || TERMINAL.has(this.run.getState().status);
    const decision = this.policy.onDrop({ over, watching: this.watching, resumePending: () => this.end.resumePending });
    if (decision === 'watch') queueMicrotask(() => this.watchInstead());
    return decision === 'reconnect';
  }

  /** The socket is gone and a new one would steal or restart the run: watch without it from now on. */
  private watchInstead(): void {
    const watch = this.dialect.watchPlan?.(this.params);
    if (!watch || !isOpen(this.connection) || this.watching) return;
    this.connection.controller.abort();
    this.watching = true;
    this.open(watch, watch);
  }

  /** The run is over and the server keeps the connection open (MARS after a failure or cancel): close it, and stop pinging. */
  private closeEnded(): void {
    if (!isOpen(this.connection) || this.watching) return;
    this.connection.controller.abort();
    this.run.getState().actions.setConnection({ status: 'closed', by: 'client', reason: 'the run is over; the backend left the connection open, so Runboard closed it' });
  }

  /** The stream said the run is over and nothing it lost is awaited (live-stream-end.ts): close it. */
  private endOfStream(): void {
    this.driver.flushNow();
    const current = this.connection;
    queueMicrotask(() => {
      current.controller.abort();
      this.run.getState().actions.setConnection({ status: 'closed', by: 'server', reason: 'the stream said the run is over' });
    });
  }
}

/** The recording's header: what was watched, where, from when. */
function recordingFor(dialect: Dialect, plan: ConnectionPlan, params: ConnectParams): FrameLog {
  const startedAtMs = Date.now();
  const source = 'url' in plan ? plan.url : plan.baseUrl;
  return new FrameLog({ runboard: 1, dialect: dialect.id, transport: dialect.wire, source, startedAt: new Date(startedAtMs).toISOString(), runId: params.runId }, startedAtMs);
}

type WatchInfo = Readonly<{ describe: string; commandsUnavailable?: string | undefined; blindSpot?: string | undefined }>;

function isOpen(current: { controller: AbortController }): boolean {
  return !current.controller.signal.aborted;
}

/** HTTP commands of WebSocket dialects (MARS snapshot) go to the same host over http(s). */
function toHttpBase(baseUrl: string): string {
  return baseUrl.replace(/^ws(s?):\/\//, 'http$1://');
}
