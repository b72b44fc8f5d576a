/**
 * The canonical run model: the one `RunEvent` union every store and view reads.
 *
 * Modelled on relavium-run-events.md (the richest contract) and extended for what the
 * other protocols carry: chapters (tolky), explicit graphs (plans, DAG snapshots, task
 * lists), gates of every kind, streaming text, tool calls, logs, metrics and raw frames.
 *
 * Owned by protocol/. Decoders build these objects; ingest stamps `frame` and `key`;
 * stores reduce them. The zod schema is the contract (tests validate every decoder's
 * output against it); at run time decoders are trusted, so the hot path never re-parses.
 *
 * Units: costs are integer micro-units of `currency` (1 USD = 1,000,000), so sums never
 * drift; times are epoch milliseconds (`atMs`) with the producer's raw text kept in `at`.
 */
import * as z from 'zod';

// ---- shared parts ----------------------------------------------------------

export const NODE_STATUSES = [
  'pending',
  'running',
  'succeeded',
  'failed',
  /** Never started: skipped by the backend (with its reason) or left behind when the run ended. */
  'not_run',
  'retrying',
  'waiting',
  'cancelled',
] as const;
export const NodeStatusSchema = z.enum(NODE_STATUSES);
export type NodeStatus = z.infer<typeof NodeStatusSchema>;

export const RUN_STATUSES = ['pending', 'running', 'paused', 'waiting', 'succeeded', 'failed', 'cancelled'] as const;
export const RunStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatusSchema>;

export const ErrorInfoSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  retryable: z.boolean().optional(),
  detail: z.string().optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

export const GraphNodeSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** Free text from the protocol: 'agent', 'tool', 'step', 'task', 'human_gate', ... */
  kind: z.string().optional(),
  /** Nodes sharing a group collapse together when there are many (parallel fan-out). */
  group: z.string().optional(),
  /** Status the graph source states (MARS dag snapshots, Shannon task lists). */
  status: NodeStatusSchema.optional(),
});
export type GraphNode = z.infer<typeof GraphNodeSchema>;

export const GraphEdgeSchema = z.object({ source: z.string(), target: z.string() });
export type GraphEdge = z.infer<typeof GraphEdgeSchema>;

export const GATE_KINDS = ['approval', 'input', 'review', 'clarification', 'budget', 'interrupt'] as const;
export const GateKindSchema = z.enum(GATE_KINDS);
export type GateKind = z.infer<typeof GateKindSchema>;

export const GateOptionSchema = z.object({
  /** What the dialect sends back when this option is chosen (protocol form). */
  value: z.string(),
  label: z.string(),
  /** How the option reads to a person: approve-like, reject-like, or neither. */
  tone: z.enum(['approve', 'reject', 'neutral']).optional(),
});
export type GateOption = z.infer<typeof GateOptionSchema>;

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export const LogLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevelSchema>;

const MicrosSchema = z.number().int();

/** Fields ingest stamps on every event (decoders may leave them out). */
const envelope = {
  /** Index of the raw frame this event came from in the session's frame log (the recording line). */
  frame: z.number().int().nonnegative().optional(),
  /** The protocol's ordering key (seq, sequenceNumber, stream id) or a content hash where it has none. */
  key: z.string().optional(),
  /** Epoch ms of the event, when the producer said. */
  atMs: z.number().optional(),
  /** The producer's timestamp text, unparsed (naive timestamps are kept as sent). */
  at: z.string().optional(),
  /**
   * True when `atMs` is when Runboard received the frame, not a time the producer stated
   * (ingest stamps it on events that came without one; views mark such times "received").
   */
  receivedTime: z.boolean().optional(),
  /** Which run this belongs to when a connection carries several. */
  runId: z.string().optional(),
};

const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...envelope, ...shape });

// ---- the union -------------------------------------------------------------

export const RunEventSchema = z.discriminatedUnion('type', [
  ev('run.started', { title: z.string().optional(), workflowId: z.string().optional(), inputs: z.unknown().optional() }),
  ev('run.paused', { reason: z.string().optional() }),
  ev('run.resumed', {}),
  ev('run.completed', {
    output: z.unknown().optional(),
    durationMs: z.number().optional(),
    /** The backend's own closing total, when it states one (authoritative over our sum). */
    totalCost: z.object({ micros: MicrosSchema, currency: z.string() }).optional(),
    totalTokens: z.number().optional(),
    /** The backend's closing input/output split, when it states one (AG-UI `RUN_FINISHED.usage`). */
    inputTokens: z.number().int().nonnegative().optional(),
    outputTokens: z.number().int().nonnegative().optional(),
  }),
  ev('run.failed', {
    error: ErrorInfoSchema,
    nodeId: z.string().optional(),
    /** Tokens the backend counted before the failure, when it says (AG-UI `RUN_ERROR.usage`). */
    totalTokens: z.number().optional(),
    inputTokens: z.number().int().nonnegative().optional(),
    outputTokens: z.number().int().nonnegative().optional(),
  }),
  ev('run.cancelled', { reason: z.string().optional(), requested: z.boolean().optional() }),
  /** The backend says it has no such run (a lookup answered "not found"): not a run at all, so nothing may be controlled. */
  ev('run.unknown', { reason: z.string() }),

  /** Nodes and edges the stream declared. `replace` means a full snapshot (MARS dag_updated). */
  ev('graph.defined', {
    nodes: z.array(GraphNodeSchema),
    edges: z.array(GraphEdgeSchema),
    replace: z.boolean().optional(),
  }),

  ev('node.started', {
    nodeId: z.string(),
    label: z.string().optional(),
    kind: z.string().optional(),
    attempt: z.number().int().positive().optional(),
  }),
  ev('node.progress', { nodeId: z.string(), progress: z.number().min(0).max(1).optional(), message: z.string().optional() }),
  /**
   * Streamed text. Without `text` a delta is the node's own text. Where the producer streams
   * only a preview of a text it sends whole later (myagent drops deltas under load):
   * 'preview' a delta of that preview; 'partial' a delta after text that was lost (the
   * preview has holes; `delta` may be empty); 'whole' `delta` is the whole text, replacing
   * everything streamed before.
   */
  ev('node.output', { nodeId: z.string(), delta: z.string(), text: z.enum(['preview', 'partial', 'whole']).optional() }),
  ev('node.completed', {
    nodeId: z.string(),
    output: z.unknown().optional(),
    durationMs: z.number().optional(),
    attempt: z.number().int().positive().optional(),
  }),
  ev('node.failed', {
    nodeId: z.string(),
    error: ErrorInfoSchema,
    attempt: z.number().int().positive().optional(),
  }),
  /** A failed attempt that will be tried again; not terminal. */
  ev('node.retrying', {
    nodeId: z.string(),
    attempt: z.number().int().positive(),
    error: ErrorInfoSchema.optional(),
    delayMs: z.number().optional(),
  }),
  ev('node.skipped', { nodeId: z.string(), reason: z.string().optional() }),
  ev('node.cancelled', { nodeId: z.string(), reason: z.string().optional() }),
  /** A status the stream states outright (MARS dag_node_status_changed, task lists). Idempotent. */
  ev('node.status', { nodeId: z.string(), status: NodeStatusSchema, error: ErrorInfoSchema.optional() }),

  ev('tool.called', {
    nodeId: z.string().optional(),
    callId: z.string().optional(),
    tool: z.string(),
    args: z.unknown().optional(),
  }),
  ev('tool.result', {
    nodeId: z.string().optional(),
    callId: z.string().optional(),
    tool: z.string(),
    ok: z.boolean(),
    result: z.unknown().optional(),
    durationMs: z.number().optional(),
  }),

  ev('cost.recorded', {
    nodeId: z.string().optional(),
    model: z.string().optional(),
    inputTokens: z.number().int().nonnegative().optional(),
    outputTokens: z.number().int().nonnegative().optional(),
    /** Tokens the backend counted without an input/output split (a MARS record that gives only `tokens`). */
    unsplitTokens: z.number().int().nonnegative().optional(),
    /** This increment, in micro-units of `currency`. */
    micros: MicrosSchema,
    currency: z.string(),
    /** The backend's running total after this increment, when it sends one. */
    cumulativeMicros: MicrosSchema.optional(),
  }),

  /**
   * Text of one model call, as far as the stream shows it: the prompt sent, the model's
   * reasoning, or its response. Tokens and money stay on `cost.recorded` (often from the
   * same frame); the calls projection (stores/llm-calls.ts) joins them into call rows.
   */
  ev('llm.text', {
    nodeId: z.string().optional(),
    role: z.enum(['prompt', 'reasoning', 'response']),
    text: z.string(),
    model: z.string().optional(),
    /** The call's duration as the producer measured it (Shannon's `duration_ms`). */
    durationMs: z.number().nonnegative().optional(),
  }),

  ev('gate.opened', {
    gateId: z.string(),
    nodeId: z.string().optional(),
    kind: GateKindSchema,
    message: z.string(),
    /** Who or what asks (agent, assignee, step). */
    requester: z.string().optional(),
    options: z.array(GateOptionSchema),
    /** Free text (or JSON when `schema` is set) is accepted as an answer. */
    acceptsText: z.boolean().optional(),
    /** JSON schema for a structured input form, when the protocol sends one. */
    schema: z.unknown().optional(),
    /** Proposed action, plan, tasks, previous output: shown as context. */
    context: z.unknown().optional(),
    deadlineAtMs: z.number().optional(),
    /** The deadline is the backend's code, not the frame's word (myagent states none): shown as "about". */
    deadlineEstimated: z.boolean().optional(),
    /** What the backend does when the deadline passes ("approve", "reject", "cancel"). */
    onTimeout: z.string().optional(),
    /** False when the protocol gave no id to answer with (Shannon without approval_id). */
    answerable: z.boolean().optional(),
    unanswerableReason: z.string().optional(),
  }),
  ev('gate.resolved', {
    gateId: z.string(),
    nodeId: z.string().optional(),
    decision: z.string(),
    decidedBy: z.string().optional(),
    /** 'timeout' when the backend auto-resolved it. */
    cause: z.enum(['decision', 'timeout', 'cancelled']).optional(),
    payload: z.unknown().optional(),
  }),

  ev('chapter.started', { chapterId: z.string(), title: z.string(), chapterKey: z.string().optional() }),
  ev('chapter.completed', { chapterId: z.string(), status: z.string().optional() }),

  /** The agent's shared state replaced whole (AG-UI STATE_SNAPSHOT). */
  ev('state.snapshot', { state: z.unknown() }),
  /** A JSON Patch (RFC 6902) against the agent's state (AG-UI STATE_DELTA); applied by the run store. */
  ev('state.delta', { ops: z.array(z.looseObject({ op: z.string(), path: z.string() })) }),

  ev('log', { level: LogLevelSchema, message: z.string(), nodeId: z.string().optional(), source: z.string().optional() }),
  ev('metric', { name: z.string(), value: z.number(), unit: z.string().optional(), nodeId: z.string().optional() }),
  /** A frame kept as-is: an unknown type from a newer server, or a known one with nothing to map. */
  ev('raw', { frameType: z.string(), summary: z.string().optional(), unknown: z.boolean().optional() }),
]);

export type RunEvent = z.infer<typeof RunEventSchema>;
export type RunEventType = RunEvent['type'];
export type RunEventOf<T extends RunEventType> = Extract<RunEvent, { type: T }>;
/** What a node's streamed text is (see node.output): a preview, a preview with holes, or the whole text. */
export type StreamedText = NonNullable<RunEventOf<'node.output'>['text']>;
