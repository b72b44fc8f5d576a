/**
 * One SSE response read to its end: each message becomes `{id?, event?, data}` with `data` parsed
 * as JSON when it is JSON (`[DONE]` stays text); comments count as keep-alives. Parsing is
 * eventsource-parser's, not ours.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

import { HttpStatusError, safeText } from '@/transport/http-status';
import { parseMaybeJson, type TransportHandlers } from '@/transport/transport';

export type SseFrame = { id?: string; event?: string; data: unknown };

export type SseRequest = Readonly<{
  fetchImpl: typeof fetch;
  url: string;
  init: RequestInit;
  signal: AbortSignal;
  /** Said to `onOpen`: this response follows an earlier one of the same session. */
  isReconnect: boolean;
  onOpened?: () => void;
}>;

/** The frame's JSON text, its keys in the frame's order, built around the data's text (which is JSON). */
function sseFrameText(message: EventSourceMessage): string {
  const id = message.id === undefined ? '' : `,"id":${JSON.stringify(message.id)}`;
  const event = message.event === undefined ? '' : `,"event":${JSON.stringify(message.event)}`;
  return `{"data":${message.data}${id}${event}}`;
}

/** Resolves when the server ends the stream; throws when it refuses it or the connection fails. */
export async function readSseStream(request: SseRequest, handlers: TransportHandlers | undefined): Promise<'ended'> {
  const response = await request.fetchImpl(request.url, { ...request.init, signal: request.signal });
  if (!response.ok || !response.body) {
    throw new HttpStatusError(response.status, await safeText(response));
  }
  // Counted as opened at once: a stream cut mid-way is followed by a REconnect (new epoch).
  request.onOpened?.();
  handlers?.onOpen?.({ reconnect: request.isReconnect });
  handlers?.onState({ status: 'live' });
  const parser = createParser({
    onEvent: (message) => {
      const data = parseMaybeJson(message.data);
      const frame: SseFrame = { data };
      if (message.id !== undefined) frame.id = message.id;
      if (message.event !== undefined) frame.event = message.event;
      handlers?.onFrame(frame, message.data.length, data === message.data ? undefined : sseFrameText(message));
    },
    onComment: () => handlers?.onAlive?.(),
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'ended';
    parser.feed(value);
  }
}
