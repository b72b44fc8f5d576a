/**
 * tolky human input → canonical gates. `execution_interrupted`, `input_guard_clarification`
 * and `full_retry_interrupt` ask the person; the answer is a new `start_request` with
 * `continuationInput`, and `continuation_started` says it was taken.
 *
 * The interruption payload is not published (tolky has no public server): read `{type, message,
 * options?}`, offer one neutral option per string plus free text, show the rest as context.
 * Gate id: the payload's `id` when present, else `<intentId>:<seq>`, which is stable across
 * the three room copies and a replay.
 */
import { parseTimeMs } from '@/lib/parse-time';
import type { GateOption, RunEvent } from '@/protocol/run-event';
import type { TolkyEnvelope, TolkyInterruption, TolkyOption } from '@/protocol/tolky/tolky-schemas';
import { brief, closeGates, stepNodeId, type TolkyHandlers, type TolkyState } from '@/protocol/tolky/tolky-state';

type GateType = 'execution_interrupted' | 'input_guard_clarification' | 'full_retry_interrupt' | 'continuation_started';

export function toGateOption(option: TolkyOption): GateOption | undefined {
  if (typeof option === 'string') return option ? { value: option, label: option, tone: 'neutral' } : undefined;
  const raw = option.value ?? option.id ?? option.label;
  if (raw === undefined) return undefined;
  const value = String(raw);
  return { value, label: option.label ?? value, tone: 'neutral' };
}

/** The payload minus the keys the gate already shows; undefined when nothing is left. */
function rest(source: Record<string, unknown> | undefined, shown: readonly string[], extra: Record<string, unknown> = {}) {
  const context: Record<string, unknown> = {};
  for (const [key, value] of Object.entries({ ...(source ?? {}), ...extra })) {
    if (!shown.includes(key) && value !== undefined) context[key] = value;
  }
  return Object.keys(context).length > 0 ? context : undefined;
}

type GateArgs = {
  id?: string | number | undefined;
  message: string;
  options?: readonly TolkyOption[] | undefined;
  step?: number | undefined;
  context?: unknown;
  deadline?: { deadlineAtMs?: number; onTimeout?: string } | undefined;
};

/** The interruption's deadline, when it sends one: `expiresAt`, else `timeoutMs` after the envelope's time. */
function deadlineOf(ip: TolkyInterruption | undefined, env: TolkyEnvelope): GateArgs['deadline'] {
  if (!ip) return undefined;
  const sentAtMs = parseTimeMs(env.timestamp);
  const deadlineAtMs = parseTimeMs(ip.expiresAt) ?? (ip.timeoutMs !== undefined && sentAtMs !== undefined ? sentAtMs + ip.timeoutMs : undefined);
  if (deadlineAtMs === undefined) return undefined;
  return { deadlineAtMs, ...(ip.timeoutAction !== undefined ? { onTimeout: ip.timeoutAction } : {}) };
}

function openGate(state: TolkyState, env: TolkyEnvelope, args: GateArgs): RunEvent[] {
  const gateId = args.id !== undefined ? String(args.id) : `${env.intentId}:${env.seq}`;
  const nodeId = args.step !== undefined ? stepNodeId(args.step) : undefined;
  state.openGates.set(gateId, nodeId);
  const options = (args.options ?? []).map(toGateOption).filter((o): o is GateOption => o !== undefined);
  return [
    {
      type: 'gate.opened',
      gateId,
      kind: 'clarification',
      message: args.message,
      options,
      acceptsText: true,
      ...(nodeId !== undefined ? { nodeId } : {}),
      ...(args.context !== undefined ? { context: args.context } : {}),
      ...(args.deadline ?? {}),
    },
  ];
}

const SHOWN = ['id', 'message', 'options', 'stepNumber', 'expiresAt', 'timeoutMs', 'timeoutAction'] as const;

export const GATE_HANDLERS: TolkyHandlers<GateType> = {
  execution_interrupted: (p, env, state) => {
    const ip = p.interruptionPayload;
    return openGate(state, env, {
      id: ip?.id,
      message: ip?.message ?? 'The run is waiting for your input.',
      options: ip?.options,
      step: ip?.stepNumber,
      context: rest(ip, SHOWN, { completedSteps: p.completedSteps, continuationDepth: p.continuationDepth }),
      deadline: deadlineOf(ip, env),
    });
  },
  input_guard_clarification: (p, env, state) =>
    openGate(state, env, {
      id: p.id,
      message: p.clarificationMessage ?? p.reason ?? 'The request needs clarification.',
      options: p.options,
      context: rest(p, ['intentId', 'id', 'clarificationMessage', 'options']),
    }),
  full_retry_interrupt: (p, env, state) => {
    const ip = p.interruptionPayload;
    const attempts = p.attempt !== undefined ? ` (attempt ${p.attempt} of ${p.maxRetries ?? '?'})` : '';
    return openGate(state, env, {
      id: ip?.id,
      message: ip?.message ?? `Retrying the whole run did not succeed${attempts}. How should it continue?`,
      options: ip?.options,
      step: ip?.stepNumber,
      context: rest(ip, SHOWN, { attempt: p.attempt, maxRetries: p.maxRetries, failedActions: p.failedActions }),
    });
  },
  continuation_started: (p, _env, state) => {
    const decision = typeof p.userResponse === 'string' && p.userResponse ? p.userResponse : 'answered';
    const resolved = closeGates(state, decision, p.trigger === 'timeout' ? 'timeout' : 'decision', p.userResponse);
    if (resolved.length > 0) return resolved;
    // Joined after the interruption (or a copy of this frame): nothing open to resolve.
    const message = `continuation started (depth ${p.continuationDepth ?? '?'}) ${brief(p.userResponse)}`.trim();
    return [{ type: 'log', level: 'info', source: 'continuation', message }];
  },
};
