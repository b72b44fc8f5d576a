/**
 * The scripted model both real frameworks run on: the `ai` package's own
 * MockLanguageModelV3, answering from the conversation it is given (no network, no keys).
 *
 *   the last message is a tool result   → text saying what the tool returned
 *   the user asks to deploy             → a `deploy` tool call (a tool that needs approval)
 *   the user asks about the weather     → a `lookup` tool call
 *   the user asks to remember something → an `updateWorkingMemory` call (agent state)
 *   anything else                       → a plain answer
 */
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

type Chunk = Record<string, unknown> & { type: string };
type PromptMessage = { role: string; content: unknown };

const USAGE = { inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 6, text: 6, reasoning: 0 } };

const finish = (reason: 'stop' | 'tool-calls'): Chunk => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage: USAGE });
const text = (words: string): Chunk[] => [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 'text-1' },
  ...words.split(/(?<= )/).map((delta) => ({ type: 'text-delta', id: 'text-1', delta })),
  { type: 'text-end', id: 'text-1' },
  finish('stop'),
];
const call = (toolName: string, input: unknown, n: number): Chunk[] => [
  { type: 'stream-start', warnings: [] },
  { type: 'tool-call', toolCallId: `call-${toolName}-${n}`, toolName, input: JSON.stringify(input) },
  finish('tool-calls'),
];

function userText(prompt: readonly PromptMessage[]): string {
  const user = [...prompt].reverse().find((m) => m.role === 'user');
  const parts = Array.isArray(user?.content) ? (user.content as { type: string; text?: string }[]) : [];
  return parts.map((p) => p.text ?? '').join(' ').toLowerCase();
}

function toolOutput(message: PromptMessage): string {
  const part = Array.isArray(message.content) ? (message.content[0] as { output?: { value?: unknown } } | undefined) : undefined;
  return JSON.stringify(part?.output?.value ?? part?.output ?? null);
}

export function script(prompt: readonly PromptMessage[], n: number): Chunk[] {
  const last = prompt.at(-1);
  if (last?.role === 'tool') return text(`The tool returned ${toolOutput(last)}.`);
  const asked = userText(prompt);
  if (asked.includes('deploy')) return call('deploy', { release: '2.4', target: 'production' }, n);
  if (asked.includes('weather')) return call('lookup', { city: 'Paris' }, n);
  if (asked.includes('remember')) return call('updateWorkingMemory', { memory: { city: 'Paris', step: 1 } }, n);
  return text('Paris is the capital of France.');
}

export function scriptedModel(): MockLanguageModelV3 {
  let calls = 0;
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      calls += 1;
      const chunks = script(prompt as PromptMessage[], calls);
      return { stream: simulateReadableStream({ chunks: chunks as never[] }) } as never;
    },
  });
}
