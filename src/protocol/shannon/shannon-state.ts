/**
 * The memory a Shannon interpreter keeps, and the frame facts every mapping helper reads.
 * Shannon's stream states no graph for agents and no chapters, and never says "failed", so
 * the interpreter remembers what it already declared (to avoid repeating it) and how the
 * run is ending (shannon-ending.ts).
 *
 * Lifetime: one state per session. Ingest feeds the interpreter every placed frame once, in
 * seq order, across reconnects and history pages: the state is what a clean run would have
 * built (the cost rule in shannon-cost.ts relies on it).
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
  /** Chapters opened by this interpreter ('workflow', 'agents'). */
  openChapters: Set<string>;
  /** Gates opened and not resolved yet, oldest first (APPROVAL_DECISION carries no id). */
  openGates: string[];
  /** True after a reconnect: chapters may have been opened by an earlier connection. */
  resumed: boolean;
  /**
   * Control frames (workflow.pausing … cancelled) already read, by stream id: the live form
   * carries no seq, so its history row (which does) must not be read a second time.
   */
  controlSeen: Set<string>;
  /** Errors the gateway itself wrote (no seq): each said once, however often a reconnect repeats it. */
  gatewaySaid: Set<string>;
  /** The highest seq read so far: a frame numbered below it comes late (a hole given up, then filled). */
  highestSeq: number;
  /** The frame being read came late: it is read for what it says, but it is not the last word of the run. */
  late: boolean;
  /** The latest producer time read: when what `done` or a status reply ends, ended. */
  lastAtMs?: number;
  /** The research-plan review gate waiting for an answer (shannon-review.ts). */
  review?: string;
  /** A swarm run (its supervisor started it, or it keeps a task list): agents work on tasks (shannon-swarm.ts). */
  swarm: boolean;
  /** Swarm: the task each agent owns now (TASKLIST_UPDATED `owner`): its events belong to that task. */
  agentTask: Map<string, string>;
  /** Swarm: the kind last shown on each task node (it names the task's owner). */
  taskOwner: Map<string, string>;
  /** Nodes that streamed text since their last LLM output, and nodes that have any text: a task's output is its agent's. */
  streamed: Set<string>;
  withText: Set<string>;
  /** What each task's agent answered last (its LLM output): the task's output once it is completed. */
  taskReply: Map<string, string>;
  /** Agent nodes (system agents included; never tasks) started or streaming and not ended: they end with a completed run. */
  openAgents: Set<string>;
  ending: Ending;
};

/** How the run is ending, as far as the frames said (read by shannon-ending.ts). */
export type Ending = {
  /** The terminal event given (never a second one). */
  terminal?: 'completed' | 'failed' | 'cancelled';
  /** The last word so far was this error (an ERROR_OCCURRED with nothing meaningful after it). */
  lastError?: { message: string; agentId?: string };
  /** workflow.cancelling's message: a `done` after it ends a cancel. */
  cancelling?: string;
  /** The last non-terminal status a status check reported, so it is said once. */
  lastStatus?: string;
  /** The research plan's review timed out ("Review timed out"): the WORKFLOW_COMPLETED after it is no success. */
  reviewTimedOut?: string;
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
    controlSeen: new Set(),
    gatewaySaid: new Set(),
    highestSeq: 0,
    late: false,
    swarm: false,
    agentTask: new Map(),
    taskOwner: new Map(),
    streamed: new Set(),
    withText: new Set(),
    taskReply: new Map(),
    openAgents: new Set(),
    ending: {},
  };
}

/** What the envelope says about the frame being mapped. */
export type FrameFacts = Readonly<{
  /** workflow_id, or the run being watched when the frame omits it. */
  workflowId: string;
  seq: number | undefined;
  /** The node the frame's agent works for: in a swarm the task it owns, else the agent itself. */
  agentId: string | undefined;
  /** The agent as the frame names it (`agent_id`). */
  agentName: string | undefined;
  message: string | undefined;
  atMs: number | undefined;
}>;
