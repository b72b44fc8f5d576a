/**
 * AG-UI 1.0 over HTTP POST answered by SSE (`data:` frames only).
 *
 *   run     POST {url}   RunAgentInput, `Accept: text/event-stream`, bearer header. The URL is the
 *           agent endpoint itself, used exactly as given (`HttpAgent({url})` does the same).
 *
 * Runboard's run id is the AG-UI thread id. Every HTTP run is one segment of it; the first
 * POST's body comes from `startRun` (the app hands it to the POST+SSE transport), later
 * ones go through `transport.send` as `{via: 'run'}` commands.
 *
 * Gates are interrupts: `RUN_FINISHED.outcome = {type: 'interrupt', interrupts}`. The
 * answer is the next run on the same thread (new runId) carrying
 * `resume: [{interruptId, status: 'resolved' | 'cancelled', payload?}]`. As in the reference
 * client's `buildResumeArray`, a payload travels only with 'resolved'. Like the reference
 * client, every run carries the conversation so far (the interpreter keeps it from our own
 * runs and the stream: memo `agui.messages`): a stateless agent needs it.
 *
 * No control channel: closing the stream only stops *watching*; it does not cancel the
 * agent. Nothing to resume (no event ids, no replay): a dropped stream is reported. No
 * heartbeat, hence the long stale limit.
 */
import { bearerHeaders, type Dialect } from '@/protocol/dialect';
import { dialectIdentity } from '@/protocol/dialect-info';
import { CONVERSATION_MEMO, type AguiMessage } from '@/protocol/agui/agui-conversation';
import { createAguiInterpreter } from '@/protocol/agui/agui-interpreter';
import { locateAguiFrame } from '@/protocol/agui/agui-locate';
import { CANCEL_OPTION } from '@/protocol/agui/agui-lifecycle';
import { stringField } from '@/protocol/decode-util';

export type AguiResumeEntry = { interruptId: string; status: 'resolved' | 'cancelled'; payload?: unknown };

export type AguiUserMessage = { id: string; role: 'user'; content: string };

/** The RunAgentInput fields Runboard sends (1.0 names; tools/context/state/forwardedProps empty). */
export type AguiRunInput = {
  threadId: string;
  runId: string;
  messages: AguiMessage[];
  tools: never[];
  context: never[];
  state: Record<string, never>;
  forwardedProps: Record<string, never>;
  resume?: AguiResumeEntry[];
};

/** Builds a RunAgentInput: pure, ids given by the caller. */
export function buildRunInput(params: {
  threadId: string;
  runId: string;
  messages?: AguiMessage[];
  resume?: AguiResumeEntry[];
}): AguiRunInput {
  const input: AguiRunInput = {
    threadId: params.threadId,
    runId: params.runId,
    messages: params.messages ?? [],
    tools: [],
    context: [],
    state: {},
    forwardedProps: {},
  };
  if (params.resume !== undefined) input.resume = params.resume;
  return input;
}

/** A fresh id; crypto.randomUUID is missing outside secure contexts (plain http hosts). */
export function newAguiId(prefix: string): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  return `${prefix}-${uuid ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`}`;
}

const NO_CONTROL = 'AG-UI has no control channel: closing the stream only stops watching, it does not stop the agent';

export const aguiDialect: Dialect = {
  ...dialectIdentity('agui'),
  // No heartbeat in the protocol: a model thinking for a minute is normal silence.
  staleAfterMs: 120_000,
  capabilities: {
    startsRuns: true,
    control: {
      cancel: NO_CONTROL,
      pause: 'AG-UI runs pause only at interrupts; there is no pause request',
      resume: 'AG-UI resumes by answering the pending interrupt (a new run with `resume`)',
    },
  },
  recovery: { ordering: { by: 'arrival' }, refill: [], unfilled: 'accept', drop: 'report' },
  locate: locateAguiFrame,
  createInterpreter: createAguiInterpreter,
  // The interpreter keeps the conversation, our own messages included, for the next run's input.
  readsOwnCommands: true,
  runIdOf: (frame) => stringField(frame, 'threadId'),
  connect({ baseUrl, token, runId, start }) {
    const first = start !== undefined ? this.startRun?.(start, runId, {})[0] : undefined;
    const body = first?.via === 'run' ? first.body : {};
    return {
      kind: 'post-sse',
      url: baseUrl.trim(),
      headers: bearerHeaders(token),
      body,
      opening: { via: 'run', body },
    };
  },
  // The first run's body is the POST itself (from startRun), never a second send.
  onOpen: () => [],
  answerGate(gate, answer, memo) {
    const status = answer.option?.value === CANCEL_OPTION.value ? 'cancelled' : 'resolved';
    const entry: AguiResumeEntry = { interruptId: gate.gateId, status };
    const payload = answer.edits ?? (answer.text ? answer.text : undefined);
    if (status === 'resolved' && payload !== undefined) entry.payload = payload;
    const messages = Array.isArray(memo[CONVERSATION_MEMO]) ? (memo[CONVERSATION_MEMO] as AguiMessage[]) : [];
    return [{ via: 'run', body: buildRunInput({ threadId: gate.runId, runId: newAguiId('run'), messages, resume: [entry] }) }];
  },
  control(action) {
    return { unavailable: this.capabilities.control[action] as string };
  },
  startRun(instructions, runId) {
    const message: AguiUserMessage = { id: newAguiId('msg'), role: 'user', content: instructions };
    return [{ via: 'run', body: buildRunInput({ threadId: runId, runId: newAguiId('run'), messages: [message] }) }];
  },
};
