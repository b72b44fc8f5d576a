/**
 * Validated MARS `event_type` frames → canonical RunEvents, with the small per-decoder
 * state the mapping needs:
 * - DAG nodes by `step_number` (and step ids seen), so `step_*` events land on the node
 *   the DAG drew; without a DAG a step becomes `step-<n>` (or its step_id);
 * - the running steps, so frames that name no step (agent_message, the real cost shape)
 *   go to the one running step, and to no node when several run at once;
 * - the chapter cursor. MARS has no phases on the wire, so Runboard derives two:
 *   `planning` from workflow_started until the first step_started, then `execution`;
 *   the open chapter closes on the terminal event (completed / failed / cancelled).
 */
import { toNodeStatus, unknownFrame } from '@/protocol/decode-util';
import { gateOpened, gateResolved } from '@/protocol/mars/mars-gate';
import type { MarsCostDocumented, MarsCostReal, MarsDagNode, MarsEvent } from '@/protocol/mars/mars-schemas';
import type { GraphNode, RunEvent } from '@/protocol/run-event';
import { decimalToMicros } from '@/lib/to-micros';

export type MarsDecoderState = {
  byStepNumber: Map<number, string>;
  byStepId: Map<string, string>;
  dagNodes: Set<string>;
  running: string[];
  /** The attempt a retry announced, stamped on the node's next start/finish. */
  attempts: Map<string, number>;
  chapter: 'none' | 'planning' | 'execution' | 'closed';
  terminal: boolean;
};

export function createMarsDecoderState(): MarsDecoderState {
  return {
    byStepNumber: new Map(),
    byStepId: new Map(),
    dagNodes: new Set(),
    running: [],
    attempts: new Map(),
    chapter: 'none',
    terminal: false,
  };
}

type StepRef = { step_id?: string | undefined; step_number?: number | undefined };

// ---- graph -------------------------------------------------------------------

/** Learns the DAG's step numbers and returns its nodes in canonical form. */
export function learnDag(s: MarsDecoderState, nodes: readonly MarsDagNode[]): GraphNode[] {
  return nodes.map((node) => {
    s.dagNodes.add(node.id);
    if (node.step_number !== undefined) s.byStepNumber.set(node.step_number, node.id);
    const status = node.status === undefined ? undefined : toNodeStatus(node.status);
    return {
      id: node.id,
      label: node.label ?? node.description ?? node.id,
      ...(node.type !== undefined ? { kind: node.type } : {}),
      ...(status !== undefined ? { status } : {}),
    };
  });
}

export function nodeStatusEvent(s: MarsDecoderState, nodeId: string, word: string, error?: string): RunEvent {
  const status = toNodeStatus(word);
  if (status === undefined) return unknownFrame('dag_node_status_changed', `node ${nodeId}: unknown status "${word}"`);
  if (status !== 'running' && status !== 'waiting') stopRunning(s, nodeId);
  return error ? { type: 'node.status', nodeId, status, error: { message: error } } : { type: 'node.status', nodeId, status };
}

// ---- steps ---------------------------------------------------------------------

function stepNode(s: MarsDecoderState, ref: StepRef): string {
  const byNumber = ref.step_number === undefined ? undefined : s.byStepNumber.get(ref.step_number);
  const id = ref.step_id;
  const byId = id === undefined ? undefined : (s.byStepId.get(id) ?? (s.dagNodes.has(id) ? id : undefined));
  const node = byNumber ?? byId ?? (ref.step_number !== undefined ? `step-${ref.step_number}` : (id ?? 'step'));
  if (id !== undefined) s.byStepId.set(id, node);
  return node;
}

/** A named step when the frame names one, else the only running step; undefined when ambiguous. */
function currentNode(s: MarsDecoderState, ref: StepRef = {}): string | undefined {
  if (ref.step_id !== undefined || ref.step_number !== undefined) return stepNode(s, ref);
  return s.running.length === 1 ? s.running[0] : undefined;
}

export function currentStepNode(s: MarsDecoderState): string | undefined {
  return currentNode(s);
}

function stopRunning(s: MarsDecoderState, nodeId: string) {
  s.running = s.running.filter((id) => id !== nodeId);
}

function attemptOf(s: MarsDecoderState, nodeId: string): { attempt?: number } {
  const attempt = s.attempts.get(nodeId);
  return attempt === undefined ? {} : { attempt };
}

// ---- chapters ------------------------------------------------------------------

function openPlanning(s: MarsDecoderState): RunEvent[] {
  if (s.chapter !== 'none') return [];
  s.chapter = 'planning';
  return [{ type: 'chapter.started', chapterId: 'planning', key: 'planning', title: 'Planning' }];
}

function enterExecution(s: MarsDecoderState): RunEvent[] {
  if (s.chapter === 'execution' || s.chapter === 'closed') return [];
  const events: RunEvent[] = [];
  if (s.chapter === 'planning') events.push({ type: 'chapter.completed', chapterId: 'planning', status: 'completed' });
  s.chapter = 'execution';
  events.push({ type: 'chapter.started', chapterId: 'execution', key: 'execution', title: 'Execution' });
  return events;
}

/** Closes the open chapter and marks the run terminal; the terminal event comes last. */
export function finish(s: MarsDecoderState, terminal: RunEvent, status: string): RunEvent[] {
  const events: RunEvent[] = [];
  if (s.chapter === 'planning' || s.chapter === 'execution') {
    events.push({ type: 'chapter.completed', chapterId: s.chapter, status });
  }
  s.chapter = 'closed';
  s.terminal = true;
  s.running = [];
  events.push(terminal);
  return events;
}

// ---- the mapping -----------------------------------------------------------------

export function toMarsRunEvents(s: MarsDecoderState, wire: MarsEvent): RunEvent[] {
  switch (wire.event_type) {
    case 'connected':
    case 'reconnected':
    case 'disconnected':
      return [{ type: 'log', level: 'info', source: 'connection', message: wire.data.message ?? wire.event_type }];
    case 'heartbeat':
    case 'pong':
      return [];
    case 'workflow_started':
      return [
        { type: 'run.started', ...(wire.data.task_description ? { title: wire.data.task_description } : {}) },
        ...openPlanning(s),
      ];
    case 'workflow_state_changed':
      return stateChanged(s, wire.data.status);
    case 'workflow_paused':
      return [{ type: 'run.paused', ...(wire.data.reason ? { reason: wire.data.reason } : {}) }];
    case 'workflow_resumed':
      return [{ type: 'run.resumed' }];
    case 'workflow_completed':
      return finish(s, completed(wire.data), 'completed');
    case 'workflow_failed':
      return finish(
        s,
        { type: 'run.failed', error: { message: wire.data.error, ...(wire.data.traceback ? { detail: wire.data.traceback } : {}) } },
        'failed',
      );
    case 'step_started':
    case 'step_progress':
    case 'step_completed':
    case 'step_failed':
      return stepEvents(s, wire);
    case 'step_retry_started':
    case 'step_retry_backoff':
    case 'step_retry_succeeded':
    case 'step_retry_exhausted':
      return retryEvents(s, wire);
    case 'dag_created':
    case 'dag_updated':
      return [
        { type: 'graph.defined', nodes: learnDag(s, wire.data.nodes), edges: wire.data.edges.map(({ source, target }) => ({ source, target })), ...(wire.event_type === 'dag_updated' ? { replace: true } : {}) },
      ];
    case 'dag_node_status_changed':
      return [nodeStatusEvent(s, wire.data.node_id, wire.data.new_status, wire.data.error)];
    case 'agent_message':
    case 'agent_thinking':
    case 'agent_tool_call':
      return agentEvents(s, wire);
    case 'approval_requested':
      return [gateOpened(wire.data, wire.data.step_id === undefined ? currentNode(s) : stepNode(s, wire.data))];
    case 'approval_received':
      return [gateResolved(wire.data, undefined)];
    case 'cost_update':
      return [costRecorded(s, wire.data)];
    case 'metric_update':
      return [{ type: 'metric', name: wire.data.name, value: wire.data.value, ...(wire.data.unit ? { unit: wire.data.unit } : {}) }];
    case 'file_created':
    case 'file_updated':
      return [{ type: 'log', level: 'info', source: 'file', message: `${wire.event_type === 'file_created' ? 'created' : 'updated'} ${wire.data.file_path}` }];
    case 'error_occurred': {
      const nodeId = wire.data.step_id === undefined ? undefined : stepNode(s, wire.data);
      const prefix = wire.data.error_type ? `${wire.data.error_type}: ` : '';
      return [{ type: 'log', level: 'error', message: `${prefix}${wire.data.message}`, ...(nodeId ? { nodeId } : {}) }];
    }
  }
}

function completed(data: Extract<MarsEvent, { event_type: 'workflow_completed' }>['data']): RunEvent {
  return {
    type: 'run.completed',
    ...(data.final_result !== undefined ? { output: data.final_result } : {}),
    ...(data.total_duration_seconds !== undefined ? { durationMs: Math.round(data.total_duration_seconds * 1000) } : {}),
    ...(data.total_cost !== undefined ? { totalCost: { micros: decimalToMicros(data.total_cost), currency: 'USD' } } : {}),
  };
}

/**
 * Status words of workflow_state_changed. completed/failed/paused have their own events
 * (with totals and reasons), so here they only log; `cancelled` has no event of its own.
 */
function stateChanged(s: MarsDecoderState, status: string): RunEvent[] {
  const word = status.toLowerCase();
  if (word === 'cancelled' || word === 'canceled') return finish(s, { type: 'run.cancelled' }, 'cancelled');
  return [{ type: 'log', level: 'debug', source: 'workflow', message: `workflow ${word}` }];
}

function stepEvents(s: MarsDecoderState, wire: Extract<MarsEvent, { event_type: `step_${'started' | 'progress' | 'completed' | 'failed'}` }>): RunEvent[] {
  const nodeId = stepNode(s, wire.data);
  switch (wire.event_type) {
    case 'step_started': {
      if (!s.running.includes(nodeId)) s.running.push(nodeId);
      const label = wire.data.step_description;
      return [...enterExecution(s), { type: 'node.started', nodeId, ...(label ? { label } : {}), ...attemptOf(s, nodeId) }];
    }
    case 'step_progress': {
      const pct = wire.data.progress_percentage;
      return [{ type: 'node.progress', nodeId, ...(pct !== undefined ? { progress: pct / 100 } : {}), ...(wire.data.message ? { message: wire.data.message } : {}) }];
    }
    case 'step_completed': {
      stopRunning(s, nodeId);
      const output = wire.data.output ?? wire.data.result;
      return [{ type: 'node.completed', nodeId, ...(output !== undefined ? { output } : {}), ...attemptOf(s, nodeId) }];
    }
    case 'step_failed':
      stopRunning(s, nodeId);
      return [{ type: 'node.failed', nodeId, error: { message: wire.data.error ?? 'step failed', ...(wire.data.traceback ? { detail: wire.data.traceback } : {}) }, ...attemptOf(s, nodeId) }];
  }
}

function retryEvents(s: MarsDecoderState, wire: Extract<MarsEvent, { event_type: `step_retry_${string}` }>): RunEvent[] {
  const nodeId = stepNode(s, wire.data);
  switch (wire.event_type) {
    case 'step_retry_started': {
      // MARS numbers the attempt that starts; node.retrying names the one that failed.
      s.attempts.set(nodeId, wire.data.attempt_number);
      const reason = wire.data.error_pattern ?? wire.data.error_category;
      return [{ type: 'node.retrying', nodeId, attempt: Math.max(1, wire.data.attempt_number - 1), ...(reason ? { error: { message: reason, ...(wire.data.error_category ? { code: wire.data.error_category } : {}), retryable: true } } : {}) }];
    }
    case 'step_retry_backoff':
      return [{ type: 'log', level: 'info', source: 'retry', nodeId, message: `retrying in ${wire.data.backoff_seconds} s` }];
    case 'step_retry_succeeded':
      // step_completed follows with the output; logging here avoids a second completion.
      s.attempts.set(nodeId, wire.data.attempt_number);
      return [{ type: 'log', level: 'info', source: 'retry', nodeId, message: `attempt ${wire.data.attempt_number} succeeded` }];
    case 'step_retry_exhausted':
      stopRunning(s, nodeId);
      return [{ type: 'node.failed', nodeId, attempt: wire.data.total_attempts, error: { message: wire.data.final_error ?? `gave up after ${wire.data.total_attempts} attempts`, retryable: false } }];
  }
  return [];
}

function agentEvents(s: MarsDecoderState, wire: Extract<MarsEvent, { event_type: `agent_${string}` }>): RunEvent[] {
  const nodeId = currentNode(s, wire.data);
  const at = nodeId === undefined ? {} : { nodeId };
  switch (wire.event_type) {
    case 'agent_message':
      if (nodeId !== undefined) return [{ type: 'node.output', nodeId, delta: wire.data.message }];
      return [{ type: 'log', level: 'info', source: wire.data.agent ?? 'agent', message: wire.data.message }];
    case 'agent_thinking':
      return [{ type: 'log', level: 'debug', source: wire.data.agent ?? 'agent', message: wire.data.thinking ? 'thinking…' : 'done thinking', ...at }];
    case 'agent_tool_call':
      return [{ type: 'tool.called', tool: wire.data.tool_name, ...(wire.data.arguments !== undefined ? { args: wire.data.arguments } : {}), ...at }];
  }
  return [];
}

function costRecorded(s: MarsDecoderState, data: MarsCostDocumented | MarsCostReal): RunEvent {
  const nodeId = currentNode(s, data);
  const base = { type: 'cost.recorded' as const, currency: 'USD', ...(nodeId ? { nodeId } : {}), ...(data.model ? { model: data.model } : {}) };
  if (isDocumentedCost(data)) {
    return {
      ...base,
      micros: decimalToMicros(data.cost_usd),
      ...(data.total_cost_usd !== undefined ? { cumulativeMicros: decimalToMicros(data.total_cost_usd) } : {}),
    };
  }
  // The real shape: an increment with its token split and no running total.
  return {
    ...base,
    micros: decimalToMicros(data.cost),
    ...(data.input_tokens !== undefined ? { inputTokens: data.input_tokens } : {}),
    ...(data.output_tokens !== undefined ? { outputTokens: data.output_tokens } : {}),
  };
}

function isDocumentedCost(data: MarsCostDocumented | MarsCostReal): data is MarsCostDocumented {
  return typeof (data as { cost_usd?: unknown }).cost_usd === 'number';
}
