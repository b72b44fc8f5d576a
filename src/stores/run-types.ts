/** Types of the run store's state: what one run looks like to every view. */
import type { ErrorInfo, GateKind, GateOption, GraphEdge, GraphNode, RunStatus, StreamedText } from '@/protocol/run-event';
import type { ConnectionState } from '@/transport/transport';

import type { BucketMap } from '@/stores/bucket-map';
import type { Tails } from '@/stores/tails';

export type Chapter = Readonly<{
  id: string;
  title: string;
  chapterKey?: string;
  firstRow: number;
  status: 'open' | 'completed' | 'failed' | string;
  startedAtMs?: number;
  endedAtMs?: number;
}>;

export type GraphState = Readonly<{
  nodes: Readonly<Record<string, GraphNode>>;
  /** Node ids in the order they became known (layout keeps this order stable). */
  order: readonly string[];
  edges: readonly GraphEdge[];
  /** Bumped on every structural change; layout recomputes only then. */
  version: number;
}>;

export type CostPoint = Readonly<{
  row: number;
  nodeId?: string;
  model?: string;
  micros: number;
  inputTokens: number;
  outputTokens: number;
  atMs?: number;
  /** A record of tokens only: it states no price (lib/is-tokens-only.ts). */
  tokensOnly?: true;
}>;

export type CostState = Readonly<{
  totalMicros: number;
  currency: string;
  inputTokens: number;
  outputTokens: number;
  /** Tokens counted without an input/output split; part of the total shown. */
  unsplitTokens: number;
  points: readonly CostPoint[];
  /** Sum of the recorded increments per node (the canvas shows it on the node); read with `bucketGet`. */
  byNode: BucketMap<number>;
  /**
   * Whether the backend stated any cost, and any token count. Views say "no cost reported"
   * rather than "$0.00" while false: a zero nobody sent is not a zero. A zero-cost record
   * that carries tokens (myagent, Shannon token counts) reports tokens, not a price.
   */
  costReported: boolean;
  tokensReported: boolean;
}>;

/** The agent's shared state (AG-UI STATE_SNAPSHOT / STATE_DELTA), as the run store keeps it. */
export type AgentState = Readonly<{
  /** The current state; undefined until the run sends one. */
  value: unknown;
  /** Bumped on every applied change (views re-render on it). */
  version: number;
  /** JSON Pointers the last change touched ("" for a whole snapshot). */
  lastPaths: readonly string[];
  /** Log row of the last applied change. */
  lastRow: number;
  /** The last change that could not be applied; `value` is the last good state. Cleared by a snapshot. */
  error?: Readonly<{ message: string; row: number }>;
  /** Patches that could not be applied, in all. */
  failed: number;
}>;

export type GateStatus = 'open' | 'resolved' | 'timed_out' | 'cancelled';

export type GateState = Readonly<{
  gateId: string;
  runId: string;
  nodeId?: string;
  kind: GateKind;
  message: string;
  requester?: string;
  options: readonly GateOption[];
  acceptsText: boolean;
  schema?: unknown;
  context?: unknown;
  deadlineAtMs?: number;
  deadlineEstimated?: boolean;
  onTimeout?: string;
  answerable: boolean;
  unanswerableReason?: string;
  openedAtMs: number;
  row: number;
  status: GateStatus;
  resolution?: Readonly<{ decision: string; decidedBy?: string; atMs?: number; /** What the answer carried (an AG-UI resume payload). */ payload?: unknown }>;
}>;

export type DecodeIssue = Readonly<{ frame: number; reason: string; frameType?: string; atMs: number }>;

export type ConnectionHealth = Readonly<{
  state: ConnectionState;
  resyncing: boolean;
  /** No frame or keep-alive for longer than the protocol's heartbeat allows. */
  stale: boolean;
  lastActivityAtMs?: number;
  /** How the run is watched when it is not a stream of its own ("watching over REST, every 3 s"). */
  note?: string;
  /** Why this session can send no command (controls, gate answers) while it watches; views show it. */
  commandsUnavailable?: string;
  /** What this way of watching cannot see (MARS over REST: a pending approval); views say so rather than "in progress". */
  blindSpot?: string;
  /** Connected for a while and nothing about the run has arrived: the id may be wrong. */
  nothingYet?: boolean;
}>;

export type StreamStats = Readonly<{
  frames: number;
  duplicates: number;
  rejected: number;
  unknown: number;
  gaps: number;
  /** Seqs the server skipped where that is normal for the protocol (myagent coalescing): noted, never fetched. */
  holes: number;
}>;

export type RunState = Readonly<{
  runId: string;
  dialect: string;
  source: string;
  title?: string;
  status: RunStatus;
  startedAtMs?: number;
  endedAtMs?: number;
  /** True when the start or end time above is when Runboard received the event (the producer sent no time). */
  timesReceived?: boolean;
  error?: ErrorInfo;
  /** The backend's words when it said it has no such run (run.unknown), each source's once, joined by "; ": the run is not a run. */
  unknown?: string;
  connection: ConnectionHealth;
  /** Rows in the session's event log (RunSession.log): the log lives beside the store, this is its version. */
  logLength: number;
  /** Oldest rows the bounded live log dropped to stay within memory (rows before `log.firstRow`). */
  droppedRows: number;
  /** The log's revision: changes when a row is added or a text row grows. */
  logRevision: number;
  chapters: readonly Chapter[];
  graph: GraphState;
  /** The last characters of each node's streamed text (bounded), read with `tailOf` (tails.ts): changes on every token batch. */
  tails: Tails;
  /** Nodes whose streamed text is a preview, a preview with holes, or the whole text that replaced one (node.output `text`); read with `bucketGet`. */
  streamedText: BucketMap<StreamedText>;
  cost: CostState;
  agentState: AgentState;
  gates: Readonly<Record<string, GateState>>;
  /** Gate ids in the order they opened. */
  gateOrder: readonly string[];
  /** How many of them are open (kept by the reducer: a run with thousands of gates asks this on every answer). */
  openGates: number;
  issues: readonly DecodeIssue[];
  stats: StreamStats;
}>;
