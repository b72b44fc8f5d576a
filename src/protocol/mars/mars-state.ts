/**
 * What one MARS interpreter remembers across frames (one per session, socket and REST alike):
 * - the DAG as this session knows it: node statuses in DAG order (`view`). The server says
 *   which node an unlabelled event belongs to the way it files its own history: the first
 *   running node in DAG order, so Runboard reads it the same way;
 * - step numbers and ids, attempts, the chapter cursor, the end, the open approvals;
 * - for a session that started on the socket and then watches over REST: the socket's recent
 *   items (mars-recent.ts) and what it counted, so REST answers apply nothing twice;
 * - the REST cursors: console lines read, history rows applied, the run's status word and
 *   the search for the MARS session that lists the run.
 */
import type { NodeStatus, RunEventOf } from '@/protocol/run-event';
import { createRecent, type Recent } from '@/protocol/mars/mars-recent';

export type MarsChapter = 'none' | 'planning' | 'execution' | 'closed';

export type Counted = { micros: number; input: number; output: number; unsplit: number };

const STALE = Symbol('stale');

export type MarsState = {
  readonly runId: string;
  /** Written through setView only. */
  view: Map<string, NodeStatus>;
  /** The first running node, found again after the view changed. */
  current: string | undefined | typeof STALE;
  /** The last node whose status changed, and whether it finished then (a phase's cost file is written as it ends, so its costs come after). */
  lastChange: { nodeId: string; finished: boolean } | undefined;
  byStepNumber: Map<number, string>;
  byStepId: Map<string, string>;
  /** Ids, labels and edges the last graph.defined declared: a DAG repeated with new statuses only moves statuses. */
  graphSignature: string;
  attempts: Map<string, number>;
  chapter: MarsChapter;
  terminal: boolean;
  openGates: Map<string, RunEventOf<'gate.opened'>>;
  recentConsole: Recent;
  recentItems: Recent;
  /** Set by the first REST answer: the socket is gone (or was never this session's). */
  watching: boolean;
  /** What this session counted so far, of the run and per model (REST costs record the difference). */
  counted: Counted;
  countedByModel: Map<string, Counted>;
  consoleLines: number;
  /** Console-log answers "not yet" (404) in a row, and the rounds left before asking again. */
  consoleMisses: number;
  consoleWait: number;
  /** The run's mode was read and it never asks a person (said once to the session). */
  neverAsks: boolean;
  /** The run's costs were read over REST before (the next growth has a place in time). */
  costsRead: boolean;
  historySeen: Set<string>;
  /**
   * Nodes a history row names (a node with a row ran, even if no poll saw it running), with
   * the status of its execution row when one was read (updated in place as the node ends).
   */
  ranNodes: Map<string, string | undefined>;
  /** A watch's "failed" for a node it saw only pending, with its error: the history decides (mars-dag.ts). */
  unseenFailures: Map<string, string | undefined>;
  /** History rows that waited a poll for the DAG to show their node (and the end waits with them). */
  historyWaited: Set<string>;
  historyPending: boolean;
  /** History rows in a shape Runboard cannot read (said once, not at every poll). */
  badHistoryRows: number;
  lastError: string | undefined;
  runStatus: string | undefined;
  /** A final status read once: applied when the next round reads it again. */
  endSeen: string | undefined;
  titled: boolean;
  /** The MARS session that lists the run (or the socket's word for it), the ones still to look in, the ones that did not. */
  session: string | undefined;
  sessionQueue: string[];
  sessionsChecked: Set<string>;
  /** DAG answers since the sessions were last listed without finding the run. */
  roundsSinceSearch: number;
};

export function createMarsState(runId: string): MarsState {
  return {
    runId,
    view: new Map(),
    current: undefined,
    lastChange: undefined,
    byStepNumber: new Map(),
    byStepId: new Map(),
    graphSignature: '',
    attempts: new Map(),
    chapter: 'none',
    terminal: false,
    openGates: new Map(),
    recentConsole: createRecent(),
    recentItems: createRecent(),
    watching: false,
    counted: { micros: 0, input: 0, output: 0, unsplit: 0 },
    countedByModel: new Map(),
    consoleLines: 0,
    costsRead: false,
    neverAsks: false,
    consoleMisses: 0,
    consoleWait: 0,
    historySeen: new Set(),
    ranNodes: new Map(),
    unseenFailures: new Map(),
    historyWaited: new Set(),
    historyPending: false,
    badHistoryRows: 0,
    lastError: undefined,
    runStatus: undefined,
    endSeen: undefined,
    titled: false,
    session: undefined,
    sessionQueue: [],
    sessionsChecked: new Set(),
    roundsSinceSearch: 0,
  };
}

/** Sets a node's status in the view (the only writer, so the current node is found again only after a change). */
export function setView(s: MarsState, nodeId: string, status: NodeStatus): void {
  const was = s.view.get(nodeId);
  if (was !== undefined && was !== status) s.lastChange = { nodeId, finished: status === 'succeeded' || status === 'failed' };
  s.view.set(nodeId, status);
  s.current = STALE;
}

/** The node the server files an unlabelled event under: the first running one in DAG order. */
export function currentNode(s: MarsState): string | undefined {
  if (s.current !== STALE) return s.current;
  s.current = undefined;
  for (const [id, status] of s.view) {
    if (status === 'running') {
      s.current = id;
      break;
    }
  }
  return s.current;
}

/**
 * Where a cost belongs: MARS writes a phase's cost file when the phase ends, so a cost that
 * follows a node's finish is that node's (planning's costs arrive after the planning node
 * completed); otherwise the running node's. Before any node ran: the run's.
 */
export function costNode(s: MarsState): { nodeId?: string } {
  const nodeId = s.lastChange?.finished ? s.lastChange.nodeId : (currentNode(s) ?? s.lastChange?.nodeId);
  return nodeId === undefined ? {} : { nodeId };
}

/** `{nodeId}` when a node is current, else nothing (for spreading into events). */
export function atCurrentNode(s: MarsState): { nodeId?: string } {
  const nodeId = currentNode(s);
  return nodeId === undefined ? {} : { nodeId };
}
