/**
 * The small per-connection memory a Shannon decoder keeps, and the frame facts every
 * mapping helper reads. Shannon's stream states no graph for agents and no chapters, so
 * the decoder remembers what it already declared to avoid repeating it.
 *
 * Lifetime: one state per decoder. The dialect sets `decodeInOrder`, so ingest keeps one
 * decoder for the whole session (across reconnects) and feeds it frames in seq order, once
 * each: the state is what a clean run would have built (the cost rule in shannon-cost.ts).
 */
export type ShannonDecoderState = {
  /** Agents for which an LLM_OUTPUT / thread.message.completed carried cost_usd. */
  pricedAgents: Set<string>;
  /** Node ids already declared through graph.defined (tasks and agents). */
  declaredNodes: Set<string>;
  /** Task ids from TASKLIST_UPDATED: an agent with such an id is that task's node. */
  taskIds: Set<string>;
  /** Last status stated per task, so an update repeats only what changed. */
  taskStatus: Map<string, string>;
  /** depends_on edges already declared (`source>target`). */
  declaredEdges: Set<string>;
  /** Chapters opened by this decoder ('workflow', 'agents'). */
  openChapters: Set<string>;
  /** Gates opened and not resolved yet, oldest first (APPROVAL_DECISION may lack an id). */
  openGates: string[];
  /** True after a reconnect: chapters may have been opened by an earlier connection. */
  resumed: boolean;
};

export function createDecoderState(resumed: boolean): ShannonDecoderState {
  return {
    pricedAgents: new Set(),
    declaredNodes: new Set(),
    taskIds: new Set(),
    taskStatus: new Map(),
    declaredEdges: new Set(),
    openChapters: new Set(),
    openGates: [],
    resumed,
  };
}

/** What the envelope says about the frame being mapped. */
export type FrameFacts = Readonly<{
  /** workflow_id, or the run being watched when the frame omits it. */
  workflowId: string;
  seq: number | undefined;
  agentId: string | undefined;
  message: string | undefined;
  atMs: number | undefined;
}>;
