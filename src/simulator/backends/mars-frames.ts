/**
 * The two frame forms the real MARS server sends (tests/fixtures/mars/SOURCE.txt):
 * - form A (`send_ws_event`: the executor, the DAG tracker, the callbacks):
 *   `{event_type, timestamp: "…123456Z", data, run_id?, session_id?}`, keys left out when empty;
 * - form B (the connection manager: pong, pause/resume/cancel acknowledgements):
 *   `{event_type, timestamp: "…123456+00:00Z", run_id: <task id>, session_id: null, data}`.
 */
export type MarsWire = Record<string, unknown>;

let micro = 0;

/** Python's isoformat with microseconds; a counter keeps frames of one millisecond distinct. */
export function pythonTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}${String(micro++ % 1000).padStart(3, '0')}`;
}

export function formA(eventType: string, data: Record<string, unknown>, atMs: number, runId?: string, sessionId?: string): MarsWire {
  return { event_type: eventType, timestamp: `${pythonTime(atMs)}Z`, data, ...(runId ? { run_id: runId } : {}), ...(sessionId ? { session_id: sessionId } : {}) };
}

export function formB(eventType: string, data: Record<string, unknown>, atMs: number, taskId: string): MarsWire {
  return { event_type: eventType, timestamp: `${pythonTime(atMs)}+00:00Z`, run_id: taskId, session_id: null, data };
}

/** Python's `str()` of a value, as the callbacks send a tool's result. */
export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
