/**
 * What an interrupt asks, read the way agent frameworks really send it.
 *
 * AG-UI 1.0 gives an interrupt a machine `reason` (`mastra:tool_suspend`, …) and an optional
 * `message`; frameworks leave `message` empty and put the question a person must answer,
 * the suspended tool and its arguments in `metadata` under a key of their own
 * (`metadata.mastra = {toolName, args, suspendPayload: {question | message | reason}}`),
 * and often describe the interrupt once more in a CUSTOM event just before RUN_FINISHED
 * (Mastra: `on_interrupt`). Neither place has a standard shape, so this reader looks for
 * the usual key names in the interrupt's metadata, one framework namespace deep, and in
 * the CUSTOM event that describes the same tool call.
 *
 * Every text read here is the producer's: it is clipped and shown as text, never as markup.
 */
import type { AguiInterrupt } from '@/protocol/agui/agui-schemas';

export type InterruptFacts = { question?: string; tool?: string; args?: unknown };

type Rec = Record<string, unknown>;

const QUESTION_KEYS = ['question', 'message', 'prompt', 'description', 'title', 'reason'];
const TOOL_KEYS = ['toolName', 'tool_name', 'toolCallName', 'tool'];
const ARGS_KEYS = ['args', 'toolArgs', 'tool_args', 'arguments', 'input'];
const PAYLOAD_KEYS = ['suspendPayload', 'payload', 'data', 'value'];
/** Names of CUSTOM events that describe an interrupt (on_interrupt, tool_suspended, approval_required, …). */
const NOTE_NAME = /interrupt|suspend|approval/i;
const QUESTION_MAX = 500;

const isRec = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isInterruptNote = (name: string) => NOTE_NAME.test(name);

/** A CUSTOM event's value as an object: frameworks send it as an object or as its JSON text. */
export function noteValue(value: unknown): Rec | undefined {
  if (isRec(value)) return value;
  if (typeof value !== 'string' || value.length > 200_000) return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    return isRec(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The places to look, most specific first: payloads, framework namespaces, the record itself. */
function layers(root: Rec | undefined): Rec[] {
  if (!root) return [];
  const namespaces = Object.values(root).filter(isRec);
  const payloads = [root, ...namespaces].flatMap((rec) => PAYLOAD_KEYS.map((key) => rec[key]).filter(isRec));
  return [...payloads, ...namespaces, root];
}

function firstString(recs: readonly Rec[], keys: readonly string[]): string | undefined {
  for (const rec of recs) {
    for (const key of keys) {
      const value = rec[key];
      if (typeof value === 'string' && value.trim().length > 0) return value;
    }
  }
  return undefined;
}

function firstValue(recs: readonly Rec[], keys: readonly string[]): unknown {
  for (const rec of recs) for (const key of keys) if (rec[key] !== undefined) return rec[key];
  return undefined;
}

/** The note that describes this interrupt: the one naming its tool call, else the newest. */
function noteFor(interrupt: AguiInterrupt, notes: readonly Rec[]): Rec | undefined {
  const named = notes.filter((note) => note.toolCallId === interrupt.toolCallId || note.id === interrupt.id);
  return named.at(-1) ?? (interrupt.toolCallId === undefined ? notes.at(-1) : undefined);
}

export function interruptFacts(interrupt: AguiInterrupt, notes: readonly Rec[]): InterruptFacts {
  const recs = [...layers(interrupt.metadata), ...layers(noteFor(interrupt, notes))].filter((rec) => rec !== interrupt.metadata?.context);
  const question = interrupt.message ?? firstString(recs, QUESTION_KEYS);
  const tool = firstString(recs, TOOL_KEYS);
  const args = firstValue(recs, ARGS_KEYS);
  return {
    ...(question !== undefined ? { question: clip(question) } : {}),
    ...(tool !== undefined ? { tool: clip(tool, 120) } : {}),
    ...(args !== undefined ? { args } : {}),
  };
}

/** The dialog's title: the question, else what is waiting (never the machine reason alone). */
export function interruptTitle(facts: InterruptFacts, reason: string): string {
  if (facts.question !== undefined) return facts.question;
  if (facts.tool !== undefined) return `The tool “${facts.tool}” is waiting for your decision`;
  return `The agent is waiting for your answer (${clip(reason, 80)})`;
}

function clip(text: string, max = QUESTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
