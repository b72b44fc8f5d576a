/**
 * What an AG-UI stream shows of its model calls, as canonical `llm.text`: the user message
 * that opened the run segment (the prompt), each reasoning message, and each finished
 * assistant message (the response). AG-UI names no model and prices nothing; the only
 * tokens are the run's `usage` on RUN_FINISHED (the header's), so a call row has text only.
 */
import { messageOf, messagesOf, type AguiMessage } from '@/protocol/agui/agui-conversation';
import type { AguiDecoderState } from '@/protocol/agui/agui-decoder-state';
import type { RunEvent } from '@/protocol/run-event';

/** The newest user message with text: what this segment asks the model. */
export function segmentPrompt(state: AguiDecoderState, echoed: readonly unknown[] | undefined): RunEvent[] {
  const text = lastUserText(messagesOf(state.conversation)) ?? lastUserText(echoed);
  return text === undefined ? [] : [{ type: 'llm.text', role: 'prompt', text }];
}

/** TEXT_MESSAGE_END of an assistant message: its whole text, on the node that streamed it. */
export function messageResponse(state: AguiDecoderState, messageId: string): RunEvent[] {
  const message = messageOf(state.conversation, messageId) as { role?: unknown; content?: unknown } | undefined;
  if (message?.role !== 'assistant' || typeof message.content !== 'string' || message.content === '') return [];
  const nodeId = state.messages.get(messageId);
  return [{ type: 'llm.text', role: 'response', text: message.content, ...(nodeId !== undefined ? { nodeId } : {}) }];
}

function lastUserText(messages: readonly unknown[] | undefined): string | undefined {
  if (!messages) return undefined;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i] as Partial<AguiMessage> & { content?: unknown };
    if (m.role === 'user' && typeof m.content === 'string' && m.content !== '') return m.content;
  }
  return undefined;
}
