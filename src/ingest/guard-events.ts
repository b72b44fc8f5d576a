/**
 * The last check between a decoder and the stores: decoded events a hostile stream could
 * still use to corrupt them. Ingest rejects the whole frame with the reason (it appears in
 * the diagnostics list) instead of applying it. Found by fuzzing (bench/fuzz-long.ts):
 *
 * - ids that are Object.prototype names (`__proto__`, `constructor`, `toString`): the stores
 *   key records by id, so `byId["constructor"]` would read a function and
 *   `nodes["__proto__"] = …` would replace a record's prototype;
 * - costs and token counts that are not safe integers or are implausibly large: sums of them
 *   would stop being exact integers (costs are integer micro-units everywhere).
 */
import type { RunEvent } from '@/protocol/run-event';

/** One increment above 10^12 micro-units (1,000,000 of a currency) is not a real cost. */
export const MAX_COST_MICROS = 1e12;
const MAX_TOKENS = 1e12;

/** Why these events must not reach the stores, or undefined when they may. */
export function unsafeEventReason(events: readonly RunEvent[]): string | undefined {
  for (const event of events) {
    const id = reservedId(event);
    if (id !== undefined) return `${event.type}: id "${id}" is a reserved name (Object.prototype) and cannot key a node, gate or chapter`;
    if (event.type === 'run.completed' && event.totalCost) {
      const bad = badCount(event.totalCost.micros, Infinity);
      if (bad !== undefined) return `run.completed: total cost ${bad}`;
    }
    if (event.type === 'cost.recorded') {
      const bad = badCount(event.micros, MAX_COST_MICROS) ?? badCount(event.cumulativeMicros, Infinity) ?? badCount(event.inputTokens, MAX_TOKENS) ?? badCount(event.outputTokens, MAX_TOKENS);
      if (bad !== undefined) return `cost.recorded: ${bad}`;
    }
  }
  return undefined;
}

/**
 * Object.prototype's names, and `__proto__`. A set built once: this runs for every id of every
 * event, and a set lookup is cheaper than asking the prototype each time.
 */
const RESERVED: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']);

function isReserved(id: unknown): id is string {
  return typeof id === 'string' && RESERVED.has(id);
}

type IdFields = { nodeId?: unknown; gateId?: unknown; chapterId?: unknown; callId?: unknown };

function reservedId(event: RunEvent): string | undefined {
  // Named reads, not a loop over the keys: a keyed read across every event shape is the slow kind.
  const { nodeId, gateId, chapterId, callId } = event as IdFields;
  if (isReserved(nodeId)) return nodeId;
  if (isReserved(gateId)) return gateId;
  if (isReserved(chapterId)) return chapterId;
  if (isReserved(callId)) return callId;
  if (event.type !== 'graph.defined') return undefined;
  for (const node of event.nodes) for (const id of [node.id, node.group]) if (isReserved(id)) return id;
  for (const edge of event.edges ?? []) for (const id of [edge.source, edge.target]) if (isReserved(id)) return id;
  return undefined;
}

function badCount(value: number | undefined, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value)) return `${value} is not a whole number of micro-units`;
  if (Math.abs(value) > max) return `${value} is out of range (more than ${max})`;
  return undefined;
}
