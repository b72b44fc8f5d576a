/**
 * myagent events → canonical RunEvents (the interpreter; myagent-locate.ts places them and
 * reads the session bookkeeping).
 *
 * Timestamps are naive (`datetime.now().isoformat()`): the raw text is kept in `at`, and
 * `atMs` reads it as the viewer's local time.
 *
 * Client events (`user.*`) echoed back are kept as raw frames, except `user.cancel`,
 * which ends the run as cancelled on request. The mapping itself is in myagent-events.ts;
 * its state (running tasks, text shown so far, open gates) in myagent-state.ts.
 */
import { parseTimeMs } from '@/lib/parse-time';
import type { Interpretation, Interpreter } from '@/protocol/dialect';
import { reasonOf, rejected, typeOf, unknownFrame } from '@/protocol/decode-util';
import { parseWith } from '@/protocol/derive-reader';
import { contentText } from '@/protocol/myagent/myagent-content';
import { toRunEvents } from '@/protocol/myagent/myagent-events';
import { cancelRequested } from '@/protocol/myagent/myagent-lifecycle';
import { MYAGENT_SERVER_TYPES, MyagentClientEventSchema, MyagentServerEventSchema, type MyagentServerEvent } from '@/protocol/myagent/myagent-schemas';
import { readOwnCommand } from '@/protocol/myagent/myagent-own-commands';
import { newStreamState, type MyagentStreamState } from '@/protocol/myagent/myagent-state';
import type { RunEvent } from '@/protocol/run-event';

/** One interpreter per session: its state (myagent-state.ts) spans reconnects. */
export function createMyagentInterpreter(): Interpreter {
  const state = newStreamState();
  return (frame) => (frame.outbound ? { kind: 'events', events: readOwnCommand(state, frame.body) } : readMyagentFrame(frame.body, state));
}

/** Every event is read by the reader derived from its schema (derive-reader.ts); zod only names a bad field. */
const parseServerEvent = parseWith(MyagentServerEventSchema);
const parseClientEvent = parseWith(MyagentClientEventSchema);

/** One frame, through its schemas' derived readers. */
export function readMyagentFrame(frame: unknown, state: MyagentStreamState): Interpretation {
  const eventType = typeOf(frame, 'event');
  if (eventType === undefined) return rejected('not a myagent event: expected a JSON object with a string "event"');
  if (eventType.startsWith('user.')) return { kind: 'events', events: clientEcho(frame, eventType, state) };
  if (!MYAGENT_SERVER_TYPES.has(eventType)) return { kind: 'events', events: [unknownFrame(eventType)] };
  const parsed = parseServerEvent(frame);
  if (!parsed.success) return rejected(reasonOf(parsed.error), eventType);
  return interpret(parsed.data, state);
}

function interpret(wire: MyagentServerEvent, state: MyagentStreamState): Interpretation {
  const atMs = parseTimeMs(wire.timestamp);
  const events = toRunEvents(wire, state, atMs);
  stampTime(events, wire.timestamp, atMs);
  return { kind: 'events', events };
}

function stampTime(events: RunEvent[], at: string | undefined, atMs: number | undefined): void {
  if (at === undefined) return;
  for (const event of events) {
    event.at = at;
    if (atMs !== undefined) event.atMs = atMs;
  }
}

/** Our own commands seen on the stream: never an error; a cancel ends the run. */
function clientEcho(frame: unknown, eventType: string, state: MyagentStreamState): RunEvent[] {
  const parsed = parseClientEvent(frame);
  if (parsed.success && parsed.data.event === 'user.cancel') {
    return cancelRequested(state, contentText(parsed.data.content, undefined));
  }
  return [{ type: 'raw', frameType: eventType, summary: 'client event (echo)' }];
}
