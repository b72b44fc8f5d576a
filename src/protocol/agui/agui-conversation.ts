/**
 * The conversation of an AG-UI thread as the reference client keeps it, so that a resumed
 * run (a gate's answer) carries it: a stateless agent needs the messages so far
 * (the reference client, @ag-ui/client, resends its whole `messages` on every run).
 *
 *   our own run bodies (readsOwnCommands)   the user messages we sent
 *   TEXT_MESSAGE_* / _CHUNK                 assistant (or other role) text, by message id
 *   TOOL_CALL_START / ARGS                  an assistant message's toolCalls
 *   TOOL_CALL_RESULT                        a `tool` message after the call
 *   MESSAGES_SNAPSHOT                       the agent's own list replaces ours
 * Offered to the session as memo `agui.messages` at the end of each run segment.
 */
export type AguiToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };

export type AguiMessage =
  | { id: string; role: 'user' | 'system' | 'developer'; content: string }
  | { id: string; role: 'assistant'; content?: string; toolCalls?: AguiToolCall[] }
  | { id: string; role: 'tool'; toolCallId: string; content: string }
  | ({ id: string; role: string } & Record<string, unknown>);

export const CONVERSATION_MEMO = 'agui.messages';

/**
 * `streaming`: a message's text deltas not yet joined into its `content` (the content before
 * them first), joined when something reads the message (`messagesOf`, `messageOf`, the memo).
 * Why: a delta appended to `content` at once made a string per delta kept for the whole run,
 * which the collector copied out of the young generation (benchmark 1: AG-UI's ingest takes
 * 0.93–0.96 of the time it took then). Outside this module, read messages only through
 * those two, never `messages` or `byId` directly.
 */
export type Conversation = { messages: AguiMessage[]; byId: Map<string, AguiMessage>; calls: Map<string, AguiToolCall>; streaming: Map<string, string[]> };

export function createConversation(): Conversation {
  return { messages: [], byId: new Map(), calls: new Map(), streaming: new Map() };
}

/** Every message, in order, its streamed text joined in. */
export function messagesOf(c: Conversation): readonly AguiMessage[] {
  for (const id of c.streaming.keys()) settle(c, id);
  return c.messages;
}

/** One message by id, its streamed text joined in. */
export function messageOf(c: Conversation, messageId: string): AguiMessage | undefined {
  settle(c, messageId);
  return c.byId.get(messageId);
}

function settle(c: Conversation, messageId: string): void {
  const parts = c.streaming.get(messageId);
  if (parts === undefined) return;
  c.streaming.delete(messageId);
  const message = c.byId.get(messageId) as { content?: unknown } | undefined;
  if (message) message.content = parts.join('');
}

function add(c: Conversation, message: AguiMessage): AguiMessage {
  const known = c.byId.get(message.id);
  if (known) return known;
  c.messages.push(message);
  c.byId.set(message.id, message);
  return message;
}

/** The messages of a run this session sent (its user messages; the rest it already has). */
export function noteOwnRun(c: Conversation, body: unknown): void {
  const messages = (body as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages)) return;
  for (const message of messages) {
    if (typeof message === 'object' && message !== null && typeof (message as { id?: unknown }).id === 'string') add(c, copyMessage(message as AguiMessage));
  }
}

/** A text delta: appended to the message's content (a new message when it is unknown; a content that is not text is replaced). */
export function noteText(c: Conversation, messageId: string, role: string | undefined, delta: string): void {
  // This runs for every text delta: a message already streaming takes it with one lookup (see `streaming`).
  const parts = c.streaming.get(messageId);
  if (parts !== undefined) {
    parts.push(delta);
    return;
  }
  const message = (c.byId.get(messageId) ?? add(c, { id: messageId, role: role ?? 'assistant', content: '' } as AguiMessage)) as { content?: unknown };
  c.streaming.set(messageId, [typeof message.content === 'string' ? message.content : '', delta]);
}

export function noteToolCall(c: Conversation, toolCallId: string, name: string, parentMessageId: string | undefined): void {
  const parent = add(c, { id: parentMessageId ?? `assistant-${toolCallId}`, role: 'assistant' }) as { toolCalls?: AguiToolCall[] };
  const call: AguiToolCall = { id: toolCallId, type: 'function', function: { name, arguments: '' } };
  (parent.toolCalls ??= []).push(call);
  c.calls.set(toolCallId, call);
}

export function noteToolArgs(c: Conversation, toolCallId: string, delta: string): void {
  const call = c.calls.get(toolCallId);
  if (call) call.function.arguments += delta;
}

export function noteToolResult(c: Conversation, messageId: string, toolCallId: string, content: unknown): void {
  add(c, { id: messageId, role: 'tool', toolCallId, content: typeof content === 'string' ? content : JSON.stringify(content) });
}

export function replaceWithSnapshot(c: Conversation, messages: readonly AguiMessage[]): void {
  c.messages = [];
  c.byId.clear();
  // The text streamed into the replaced messages goes with them.
  c.streaming.clear();
  for (const message of messages) add(c, structuredClone(message));
}

/**
 * A copy for the memo (the session keeps it; later deltas must not change what was handed over).
 * Why not structuredClone: it copied every character of a long run's text at each run's end (a
 * tenth of AG-UI's ingest in benchmark 1); the conversation only ever replaces a message's
 * `content` string, appends to its `toolCalls` and grows a call's `arguments`, so copying those
 * levels is enough: the strings are immutable and nothing else is written after a message joins.
 */
export function conversationMemo(c: Conversation): Record<string, unknown> {
  return { [CONVERSATION_MEMO]: messagesOf(c).map(copyMessage) };
}

/** A message with the parts the conversation writes to copied (see conversationMemo); our own runs' messages join as copies too. */
function copyMessage(message: AguiMessage): AguiMessage {
  const toolCalls = (message as { toolCalls?: unknown }).toolCalls;
  if (!Array.isArray(toolCalls)) return { ...message };
  return { ...message, toolCalls: toolCalls.map(copyCall) } as AguiMessage;
}

/** A call with its `function` copied (a snapshot's calls may be anything: only a well-formed one is ever written to). */
function copyCall(call: unknown): unknown {
  if (typeof call !== 'object' || call === null) return call;
  const fn = (call as { function?: unknown }).function;
  return typeof fn === 'object' && fn !== null ? { ...call, function: { ...fn } } : { ...call };
}
