/**
 * The bulk of a MARS stream — console `output` lines, `agent_message`, and the DAG the
 * server re-sends whole after every status change — checked by hand
 * instead of zod: every field the schema checks, and the same normalised frame (null →
 * undefined) its transforms would give, with only the fields the interpreter reads (the
 * schema also keeps unknown ones). Undefined sends the frame to the full schema, so a bad
 * frame is still rejected with a readable path (mars-fast-path.test.ts compares both).
 */
import type { MarsEvent } from '@/protocol/mars/mars-schemas';
import { isWireObject, type Loose } from '@/protocol/wire-checks';

/** What the schema's optional text accepts: absent, null or a string. */
const isText = (value: unknown) => value == null || typeof value === 'string';
const orUndefined = (value: unknown) => (value ?? undefined) as string | undefined;

type Checked = { success: true; data: MarsEvent } | undefined;

function envelope(frame: unknown): { frame: Loose; data: Loose } | undefined {
  if (!isWireObject(frame) || !isText(frame.timestamp) || !isText(frame.run_id) || !isText(frame.session_id)) return undefined;
  return isWireObject(frame.data) ? { frame, data: frame.data } : undefined;
}

const head = (frame: Loose) => ({ timestamp: orUndefined(frame.timestamp), run_id: orUndefined(frame.run_id), session_id: orUndefined(frame.session_id) });

export function fastOutput(raw: unknown): Checked {
  const e = envelope(raw);
  if (!e || typeof e.data.message !== 'string' || !isText(e.data.source)) return undefined;
  return { success: true, data: { event_type: 'output', ...head(e.frame), data: { message: e.data.message, source: orUndefined(e.data.source) } } as MarsEvent };
}

export function fastAgentMessage(raw: unknown): Checked {
  const e = envelope(raw);
  if (!e) return undefined;
  const { data } = e;
  if (typeof data.message !== 'string' && typeof data.content !== 'string') return undefined;
  if (!isText(data.message) || !isText(data.content) || !isText(data.step_id) || !isText(data.agent) || !isText(data.role)) return undefined;
  const step = data.step_number;
  if (step != null && (!Number.isSafeInteger(step) || (step as number) < 0)) return undefined;
  const normalised = {
    step_id: orUndefined(data.step_id),
    step_number: (step ?? undefined) as number | undefined,
    agent: orUndefined(data.agent),
    message: orUndefined(data.message),
    content: orUndefined(data.content),
    role: orUndefined(data.role),
  };
  return { success: true, data: { event_type: 'agent_message', ...head(e.frame), data: normalised } as MarsEvent };
}

const isInt = (value: unknown) => value == null || Number.isSafeInteger(value);
const NODE_TEXT = ['label', 'type', 'status', 'agent', 'description', 'error'] as const;

function isDagNode(node: unknown): boolean {
  if (!isWireObject(node) || typeof node.id !== 'string' || !isInt(node.step_number) || !isInt(node.stepNumber)) return false;
  for (const key of NODE_TEXT) if (!isText(node[key])) return false;
  return true;
}

/** Every slot, holes of a sparse array included (`every` skips them). */
function all(items: readonly unknown[], check: (item: unknown) => boolean): boolean {
  for (let i = 0; i < items.length; i++) if (!check(items[i])) return false;
  return true;
}

const isEdge = (edge: unknown) => isWireObject(edge) && typeof edge.source === 'string' && typeof edge.target === 'string';

/**
 * `dag_created` / `dag_updated`: nodes and edges are passed on as they came (the DAG reader
 * treats null as absent, as the schema's transforms would); only their shape is checked.
 */
export function fastDag(raw: unknown): Checked {
  const e = envelope(raw);
  if (!e || !Array.isArray(e.data.nodes) || !isText(e.data.run_id) || (e.data.levels != null && typeof e.data.levels !== 'number')) return undefined;
  const edges = e.data.edges ?? [];
  if (!Array.isArray(edges) || !all(e.data.nodes, isDagNode) || !all(edges, isEdge)) return undefined;
  const data = { run_id: orUndefined(e.data.run_id), nodes: e.data.nodes, edges, levels: (e.data.levels ?? undefined) as number | undefined };
  return { success: true, data: { event_type: e.frame.event_type, ...head(e.frame), data } as MarsEvent };
}
