/**
 * The real myagent server's outbound queue (myagent/ws/outbound.py), per connection: every
 * frame is stamped with the connection's next `seq` when it is produced, but
 * `agent.partial_answer` / `agent.llm_message` wait ~75 ms per (event, session) and only the
 * LATEST of each window is sent. So seq numbers have holes (the replaced partials), and the
 * partial that is sent arrives after frames produced during its window (not in seq order).
 * The window is scaled with the simulator's clock.
 */
const COALESCED = new Set(['agent.partial_answer', 'agent.llm_message']);
const WINDOW_MS = 75;

export type Outbound = Readonly<{ send: (frame: Record<string, unknown>) => void; close: () => void }>;

export function createOutbound(write: (frame: Record<string, unknown>) => void, timeScale: number): Outbound {
  const waiting = new Map<string, Record<string, unknown>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const frames = [...waiting.values()];
    waiting.clear();
    for (const frame of frames) write(frame);
  };
  return {
    send(frame) {
      const event = String(frame.event);
      const session = frame.session_id;
      if (!COALESCED.has(event) || typeof session !== 'string' || session === '') return write(frame);
      waiting.set(`${event}\u0000${session}`, frame);
      timer ??= setTimeout(flush, Math.max(1, WINDOW_MS * timeScale));
    },
    close() {
      clearTimeout(timer);
      waiting.clear();
    },
  };
}
