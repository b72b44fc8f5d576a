/**
 * The critical path of a run as it happened: start from the attempt that ended last and
 * walk back, each time to what this attempt waited for — its own earlier attempt (a retry),
 * else the predecessor (graph edge) that finished last before it started. Without any edge
 * in the graph, the attempt of any node that finished last before it started stands in.
 * Returns the ids of the attempts on the path. Pure; guarded by critical-path.test.ts.
 */

/** What the path needs of an attempt: which node, when it ran. */
type Attempt = Readonly<{ id: string; nodeId: string; attempt: number; startedAtMs: number; endedAtMs?: number }>;

type Edge = Readonly<{ source: string; target: string }>;

/** Slack for clocks that round: a predecessor ending a few ms after its successor started still counts. */
const TOLERANCE_MS = 5;

export function criticalPath(attempts: readonly Attempt[], edges: readonly Edge[], nowMs: number): Set<string> {
  const path = new Set<string>();
  const endOf = (a: Attempt) => a.endedAtMs ?? nowMs;
  const byEnd = [...attempts].sort((a, b) => endOf(a) - endOf(b));
  const byNode = groupByNode(attempts);
  const predecessors = predecessorsOf(edges);
  const previous = (attempt: Attempt): Attempt | undefined => {
    const earlier = byNode.get(attempt.nodeId)?.filter((a) => a.attempt < attempt.attempt);
    if (earlier && earlier.length > 0) return earlier[earlier.length - 1];
    if (edges.length === 0) return lastEndedBefore(byEnd, attempt, endOf);
    let best: Attempt | undefined;
    for (const source of predecessors.get(attempt.nodeId) ?? []) {
      for (const candidate of byNode.get(source) ?? []) {
        if (endOf(candidate) <= attempt.startedAtMs + TOLERANCE_MS && (!best || endOf(candidate) > endOf(best))) best = candidate;
      }
    }
    return best;
  };
  let current = byEnd.at(-1);
  while (current && !path.has(current.id)) {
    path.add(current.id);
    current = previous(current);
  }
  return path;
}

/** Without edges: the attempt (of another node) that ended last before this one started; binary search over ends. */
function lastEndedBefore(byEnd: readonly Attempt[], attempt: Attempt, endOf: (a: Attempt) => number): Attempt | undefined {
  let lo = 0;
  let hi = byEnd.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (endOf(byEnd[mid] as Attempt) <= attempt.startedAtMs + TOLERANCE_MS) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0; i--) {
    const candidate = byEnd[i] as Attempt;
    // Without an edge to go by, only something that started earlier can have held this one up.
    if (candidate.nodeId !== attempt.nodeId && candidate.startedAtMs < attempt.startedAtMs) return candidate;
  }
  return undefined;
}

/** Each node's predecessors by the graph's edges. */
export function predecessorsOf(edges: readonly Edge[]): Map<string, string[]> {
  const predecessors = new Map<string, string[]>();
  for (const edge of edges) {
    const list = predecessors.get(edge.target);
    if (list) list.push(edge.source);
    else predecessors.set(edge.target, [edge.source]);
  }
  return predecessors;
}

function groupByNode(attempts: readonly Attempt[]): Map<string, Attempt[]> {
  const byNode = new Map<string, Attempt[]>();
  for (const attempt of attempts) {
    const list = byNode.get(attempt.nodeId);
    if (list) list.push(attempt);
    else byNode.set(attempt.nodeId, [attempt]);
  }
  for (const list of byNode.values()) list.sort((a, b) => a.attempt - b.attempt);
  return byNode;
}
