/**
 * Readers for the parts of a myagent event that come in several shapes: `content` (text
 * in the document, an object in the real pipeline), the task an event is about
 * (`metadata.task_id`, or `content.task.id` as the real solver events send it), and
 * costs (`cost_usd` in dollars; `tokens_used` alone is booked as tokens with no money).
 */
import { decimalToMicros } from '@/lib/to-micros';
import type { RunEvent } from '@/protocol/run-event';

type Meta = Readonly<{ task_id?: string | undefined; cost_usd?: number | undefined; tokens_used?: { input: number; output: number } | undefined }>;

/** `content` as an object, when it is one. */
export function contentObject(content: unknown): Record<string, unknown> | undefined {
  return typeof content === 'object' && content !== null && !Array.isArray(content) ? (content as Record<string, unknown>) : undefined;
}

/** Human text of an event: content text, `content.message`/`error`, else `show_content`. */
export function contentText(content: unknown, showContent: string | undefined): string | undefined {
  if (typeof content === 'string' && content.length > 0) return content;
  const object = contentObject(content);
  for (const key of ['message', 'error', 'reason', 'question']) {
    const value = object?.[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return showContent;
}

/** The task an event is about: metadata first (document), then content (real pipeline). */
export function taskIdOf(metadata: Meta | undefined, content: unknown): string | undefined {
  if (metadata?.task_id !== undefined) return metadata.task_id;
  const object = contentObject(content);
  const direct = object?.task_id;
  if (typeof direct === 'string' || typeof direct === 'number') return String(direct);
  const task = contentObject(object?.task);
  const nested = task?.id;
  return typeof nested === 'string' || typeof nested === 'number' ? String(nested) : undefined;
}

/** A task's display label from whichever field the planner filled. */
export function taskLabelOf(content: unknown): string | undefined {
  const task = contentObject(contentObject(content)?.task);
  for (const key of ['title', 'objective', 'description']) {
    const value = task?.[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

/** cost_usd → micros; tokens alone → a zero-money record (never invent money). */
export function costEvents(metadata: Meta | undefined, nodeId: string | undefined): RunEvent[] {
  if (!metadata) return [];
  const tokens = metadata.tokens_used ? { inputTokens: metadata.tokens_used.input, outputTokens: metadata.tokens_used.output } : {};
  if (metadata.cost_usd !== undefined) {
    return [{ type: 'cost.recorded', nodeId, micros: decimalToMicros(metadata.cost_usd), currency: 'USD', ...tokens }];
  }
  if (metadata.tokens_used) return [{ type: 'cost.recorded', nodeId, micros: 0, currency: 'USD', ...tokens }];
  return [];
}

/** Bounded text for log lines built from free-form content. */
export function clip(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
