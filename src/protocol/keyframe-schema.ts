/**
 * The shape of a recording's keyframes (a replay's stores at frame N, written into the
 * recording so it opens without re-running the reducers): the run state, the node states
 * and the event log's checkpoint. A keyframe is data from a file, so every value it adds is
 * checked here before any store sees it (keyframe-patch.ts walks these schemas); the ingest
 * side holds the inferred types against the stores' own (recording-keyframes.ts).
 */
import * as z from 'zod';

import { markPairList } from '@/protocol/keyframe-patch';
import { ErrorInfoSchema, GateKindSchema, GateOptionSchema, GraphEdgeSchema, GraphNodeSchema, NodeStatusSchema, RunEventSchema, RunStatusSchema } from '@/protocol/run-event';

const count = z.number().int().nonnegative();

/**
 * A bucket map of the run state (stores/bucket-map.ts): an array of buckets, each
 * `[key, value, key, value, …]` or empty (JSON writes an empty bucket as null). A bucket is
 * checked whole — keys strings, values of `value` — and after a patch, the slots it changed
 * by their place (keyframe-patch.ts, `markPairList`).
 */
function bucketMapSchema<V extends z.ZodType>(value: V) {
  const bucket = markPairList(
    z.array(z.union([z.string(), value])).check(
      z.refine((pairs: (string | z.output<V>)[]) => pairs.length % 2 === 0 && pairs.every((item, i) => (i % 2 === 0 ? typeof item === 'string' : value.safeParse(item).success)), {
        message: 'a bucket holds key, value pairs',
      }),
    ),
    value,
  );
  return z.array(bucket.nullish().transform((b) => b ?? undefined));
}
const StreamedTextSchema = z.enum(['preview', 'partial', 'whole']);

const ChapterSchema = z.object({
  id: z.string(),
  title: z.string(),
  chapterKey: z.string().optional(),
  firstRow: z.number().int(),
  status: z.string(),
  startedAtMs: z.number().optional(),
  endedAtMs: z.number().optional(),
});

const CostPointSchema = z.object({
  row: z.number().int(),
  nodeId: z.string().optional(),
  model: z.string().optional(),
  micros: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  atMs: z.number().optional(),
  tokensOnly: z.literal(true).optional(),
});

const GateStateSchema = z.object({
  gateId: z.string(),
  runId: z.string(),
  nodeId: z.string().optional(),
  kind: GateKindSchema,
  message: z.string(),
  requester: z.string().optional(),
  options: z.array(GateOptionSchema),
  acceptsText: z.boolean(),
  schema: z.unknown().optional(),
  context: z.unknown().optional(),
  deadlineAtMs: z.number().optional(),
  deadlineEstimated: z.boolean().optional(),
  onTimeout: z.string().optional(),
  answerable: z.boolean(),
  unanswerableReason: z.string().optional(),
  openedAtMs: z.number(),
  row: z.number().int(),
  status: z.enum(['open', 'resolved', 'timed_out', 'cancelled']),
  resolution: z.object({ decision: z.string(), decidedBy: z.string().optional(), atMs: z.number().optional(), payload: z.unknown().optional() }).optional(),
});

const ConnectionStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('connecting') }),
  z.object({ status: z.literal('live') }),
  z.object({ status: z.literal('reconnecting'), attempt: z.number(), nextRetryAtMs: z.number(), reason: z.string() }),
  z.object({ status: z.literal('closed'), by: z.enum(['client', 'server']), reason: z.string().optional() }),
  z.object({ status: z.literal('error'), error: z.string(), notFound: z.boolean().optional() }),
]);

const StreamStatsSchema = z.object({ frames: z.number(), duplicates: z.number(), rejected: z.number(), unknown: z.number(), gaps: z.number(), holes: z.number() });

export const RunStateSchema = z.object({
  runId: z.string(),
  dialect: z.string(),
  source: z.string(),
  title: z.string().optional(),
  status: RunStatusSchema,
  startedAtMs: z.number().optional(),
  endedAtMs: z.number().optional(),
  timesReceived: z.boolean().optional(),
  error: ErrorInfoSchema.optional(),
  unknown: z.string().optional(),
  connection: z.object({
    state: ConnectionStateSchema,
    resyncing: z.boolean(),
    stale: z.boolean(),
    lastActivityAtMs: z.number().optional(),
    note: z.string().optional(),
    commandsUnavailable: z.string().optional(),
    blindSpot: z.string().optional(),
    nothingYet: z.boolean().optional(),
  }),
  logLength: count,
  droppedRows: count,
  logRevision: count,
  chapters: z.array(ChapterSchema),
  graph: z.object({ nodes: z.record(z.string(), GraphNodeSchema), order: z.array(z.string()), edges: z.array(GraphEdgeSchema), version: z.number() }),
  tails: bucketMapSchema(z.string()),
  streamedText: bucketMapSchema(StreamedTextSchema),
  cost: z.object({
    totalMicros: z.number(),
    currency: z.string(),
    inputTokens: z.number(),
    outputTokens: z.number(),
    unsplitTokens: z.number(),
    points: z.array(CostPointSchema),
    byNode: bucketMapSchema(z.number()),
    costReported: z.boolean(),
    tokensReported: z.boolean(),
  }),
  agentState: z.object({
    value: z.unknown(),
    version: z.number(),
    lastPaths: z.array(z.string()),
    lastRow: z.number(),
    error: z.object({ message: z.string(), row: z.number() }).optional(),
    failed: z.number(),
  }),
  gates: z.record(z.string(), GateStateSchema),
  gateOrder: z.array(z.string()),
  openGates: count,
  issues: z.array(z.object({ frame: z.number(), reason: z.string(), frameType: z.string().optional(), atMs: z.number() })),
  stats: StreamStatsSchema,
});

export const NodeMapSchema = z.record(
  z.string(),
  z.object({
    status: NodeStatusSchema,
    attempt: z.number(),
    progress: z.number().optional(),
    progressMessage: z.string().optional(),
    startedAtMs: z.number().optional(),
    endedAtMs: z.number().optional(),
    error: ErrorInfoSchema.optional(),
    reason: z.string().optional(),
    leftAtRunEnd: z.literal(true).optional(),
  }),
);

const LogRowSchema = z.object({ event: RunEventSchema, chapter: z.number().int(), merged: count });

export const LogCheckpointSchema = z.object({
  length: count,
  revision: count,
  open: z.array(z.tuple([z.string(), count, LogRowSchema])),
});

export type KeyframeRunState = z.infer<typeof RunStateSchema>;
export type KeyframeNodeMap = z.infer<typeof NodeMapSchema>;
export type KeyframeCheckpoint = z.infer<typeof LogCheckpointSchema>;

/** The recording's last line: where its keyframes start and what they cover. */
export const KeyframeIndexSchema = z.object({
  keyframes: z.object({ version: z.literal(1), every: z.number().int().positive(), count: z.number().int().positive(), frames: count, firstLine: z.number().int().positive() }),
});

/** One keyframe line: the stores at `position`, as patches on the keyframe before (the first: on the empty stores). */
export const KeyframeLineSchema = z.object({
  keyframe: z.object({ position: count, run: z.unknown().optional(), byId: z.unknown().optional(), log: LogCheckpointSchema }),
});
