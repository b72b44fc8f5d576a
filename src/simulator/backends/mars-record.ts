/**
 * What the simulated MARS server keeps of one run besides its socket frames — its
 * "database" and files, as the real server keeps them (UJ2202/MARS; /work/notes/upstream.md
 * §20–22): the run row (status, session, task id ↔ database id), the DAG with node
 * statuses, execution-event rows (history), the console log's lines and the cost records.
 * The encoder writes it as it encodes (the real server writes its database and sends its
 * frames from the same callbacks); mars-rest.ts serves it. `keepRows: false` (benchmarks)
 * keeps only the DAG, so a million-event stream does not grow the simulator's heap.
 */
export type MarsRunStatus = 'executing' | 'paused' | 'completed' | 'failed' | 'cancelled';

export type MarsDagNode = {
  id: string;
  label: string;
  type: string;
  agent: string;
  status: string;
  step_number: number;
  description: string;
  error?: string;
};

export type MarsHistoryRow = Record<string, unknown> & { id: number; event_type: string; status: string | null };

export type MarsCostRow = { agent: string; model: string; prompt: number; completion: number; cost: number; stepId: string };

export type MarsRunRecord = {
  readonly taskId: string;
  readonly dbRunId: string;
  readonly sessionId: string;
  readonly sessionName: string;
  readonly mode: string;
  readonly keepRows: boolean;
  task: string;
  status: MarsRunStatus;
  startedAtMs: number;
  completedAtMs?: number;
  nodes: MarsDagNode[];
  edges: { source: string; target: string }[];
  history: MarsHistoryRow[];
  consoleLines: string[];
  costs: MarsCostRow[];
  /** The run sent its last frame: the server closes the run's socket. */
  ended: boolean;
};

let serial = 0;
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

export function createMarsRecord(taskId: string, task: string, keepRows = true): MarsRunRecord {
  serial += 1;
  const stamp = hex(Date.now() % 0xffffffff, 8);
  const mode = 'one-shot';
  return {
    taskId,
    dbRunId: `${stamp}-${hex(serial, 4)}-4000-8000-${hex(serial * 7919, 12)}`,
    sessionId: `${hex(serial * 104729, 8)}-${stamp.slice(0, 4)}-4000-9000-${hex(serial, 12)}`,
    sessionName: `${mode}_${taskId.slice(0, 8)}`,
    mode,
    keepRows,
    task,
    status: 'executing',
    startedAtMs: Date.now(),
    nodes: [],
    edges: [],
    history: [],
    consoleLines: [],
    costs: [],
    ended: false,
  };
}

/** The node the real server files unlabelled work under: the first running one in DAG order. */
export function firstRunning(record: MarsRunRecord): string | null {
  return record.nodes.find((node) => node.status === 'running')?.id ?? null;
}

export function addHistory(record: MarsRunRecord, row: Omit<MarsHistoryRow, 'id'>): MarsHistoryRow | undefined {
  if (!record.keepRows) return undefined;
  const full = { ...row, id: record.history.length + 1 } as MarsHistoryRow;
  record.history.push(full);
  return full;
}

/** `[2026-04-22 13:07:58.123] [agent.output] text`, a multi-line text continuing on lines of its own. */
export function addConsole(record: MarsRunRecord, kind: string, text: string, atMs: number): void {
  if (!record.keepRows) return;
  const stamp = new Date(atMs).toISOString().replace('T', ' ').slice(0, 23);
  const [first = '', ...rest] = text.split('\n');
  record.consoleLines.push(`[${stamp}] [${kind}] ${first}`, ...rest);
}

export function addCost(record: MarsRunRecord, cost: MarsCostRow): void {
  if (record.keepRows) record.costs.push(cost);
}
