/**
 * Where a myagent WebSocket frame goes (stateless; Dialect.locate).
 *
 * Order: the real server stamps `seq` per CONNECTION (from 1; heartbeats take one too), so
 * numbers of different connections cannot be compared: the scope is the connection
 * (`conn:<n>`). It stamps seq BEFORE its outbound queue coalesces partial answers, so seq
 * holes are normal (the dialect says so; nothing is fetched). Frames without `seq` (the
 * document's examples) have no order; their `event_id`, when present, is their identity.
 * Cursor: `<session_id>:<seq>` — `content.last_seq` of `user.reconnect_with_state` counts in
 * the numbering of the session that sent it, so the reconnect names that session too. A
 * frame without a session moves no cursor: its seq would be read against the wrong session.
 *
 * Memo, on arrival (a session id held behind a hole must still start the run): the session
 * id from `agent.session_created` / `agent.state_restored`, and the resumable state from
 * `agent.state_exported` (`metadata.signed_state` on the real server).
 */
import type { Location, LocateContext, Memo, Placement } from '@/protocol/dialect';
import { unplaceable } from '@/protocol/dialect';
import { isResumeRefusal } from '@/protocol/myagent/myagent-resume';
import { isWireObject, type Loose } from '@/protocol/wire-checks';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export function locateMyagentFrame(frame: unknown, ctx: LocateContext): Location {
  if (!isWireObject(frame) || typeof frame.event !== 'string') return unplaceable('not a myagent event: expected a JSON object with a string "event"');
  // Built field by field, no spreads: this runs once per frame.
  const placedFrame: Mutable<Placement> = { body: frame };
  placeInOrder(placedFrame, frame, connectionScope(ctx.connection));
  if (frame.event === 'system.heartbeat') placedFrame.heartbeat = true;
  // A refused resume: nothing more comes for the run on this socket (the interpreter says why).
  else if ((frame.event === 'agent.error' || frame.event === 'system.error') && isResumeRefusal(frame.content)) placedFrame.end = true;
  const memo = sessionMemo(frame);
  if (memo) placedFrame.memo = memo;
  return { kind: 'placed', placements: [placedFrame] };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function placeInOrder(placedFrame: Mutable<Placement>, frame: Loose, scope: string): void {
  const seq = frame.seq;
  if (typeof seq === 'number' && Number.isSafeInteger(seq) && seq > 0) {
    placedFrame.order = { scope, seq };
    const session = text(frame.session_id);
    if (session) placedFrame.cursor = `${session}:${seq}`;
    return;
  }
  const eventId = text(frame.event_id);
  if (eventId) placedFrame.identity = eventId;
}

/** `conn:<n>`, made once per connection rather than once per frame. */
const SCOPES: string[] = [];
function connectionScope(connection: number): string {
  return (SCOPES[connection] ??= `conn:${connection}`);
}

const MEMO_EVENTS: ReadonlySet<string> = new Set(['agent.session_created', 'agent.state_restored', 'agent.state_exported']);

/** The session bookkeeping a frame carries, read structurally (the interpreter validates the rest). */
export function sessionMemo(frame: Loose): Memo | undefined {
  if (!MEMO_EVENTS.has(frame.event as string)) return undefined;
  const content = isWireObject(frame.content) ? frame.content : undefined;
  const metadata = isWireObject(frame.metadata) ? frame.metadata : undefined;
  switch (frame.event) {
    case 'agent.session_created': {
      const id = text(content?.session_id) ?? text(frame.session_id);
      return id ? { session_id: id } : undefined;
    }
    case 'agent.state_restored': {
      const id = text(metadata?.new_session_id) ?? text(content?.session_id) ?? text(frame.session_id);
      return id ? { session_id: id } : undefined;
    }
    case 'agent.state_exported': {
      const signed = metadata?.signed_state ?? frame.signed_state ?? metadata?.session_state ?? content?.exported_state;
      if (signed === undefined || signed === null) return undefined;
      const id = text(frame.session_id);
      return { signed_state: signed, ...(id ? { session_id: id } : {}) };
    }
    default:
      return undefined;
  }
}
