/**
 * What the shipped myagent server does whatever a story says, kept apart from the wire
 * encoding (myagent-encoder.ts) and the socket (myagent-backend.ts):
 * - its waits are set in code and never sent: a plan confirmation 600 s (the shipped servers
 *   pass plan_confirmation_timeout=600), a tool confirmation 300 s (session.py
 *   `_wait_for_user_response`); both are scaled with the simulator's clock by the engine;
 * - its exported state is signed (state_manager.py `sign_state` / `verify_state`): an HMAC
 *   over the canonical state, with a secret of this server's own, so a state from another
 *   server (or a tampered one) is refused with the upstream texts.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Scenario, SimStep } from '@/simulator/engine/scenario';

export const PLAN_WAIT_MS = 600_000;
export const TOOL_WAIT_MS = 300_000;

/** session.py's tool confirmation id, `confirm_<8 hex>_<tool>` (a plan's is `confirm_plan_<8 hex>`). */
export function isToolConfirmation(stepId: string): boolean {
  return /^confirm_[0-9a-f]+_/.test(stepId);
}

/**
 * How far back to stamp a confirmation on a compressed clock: a client reads the shipped wait
 * from code (it is not on the wire), so the frame is stamped as if the server had already
 * waited the part the compression skips, and the client's countdown ends when this server
 * acts. Nothing at time scale 1.
 */
export function compressedWaitShiftMs(stepId: string, scaledWaitMs: number | undefined): number {
  if (scaledWaitMs === undefined) return 0;
  return Math.max(0, (isToolConfirmation(stepId) ? TOOL_WAIT_MS : PLAN_WAIT_MS) - scaledWaitMs);
}

/** The story with every confirmation waiting as long as the shipped server waits. */
export function asShipped(scenario: Scenario): Scenario {
  return { ...scenario, steps: shipSteps(scenario.steps) };
}

function shipSteps(steps: readonly SimStep[]): SimStep[] {
  return steps.map((step) => {
    if (step.op !== 'gate') return step;
    const timeoutMs = isToolConfirmation(step.id) ? TOOL_WAIT_MS : PLAN_WAIT_MS;
    return { ...step, timeoutMs, approved: shipSteps(step.approved), rejected: shipSteps(step.rejected) };
  });
}

const VERSION = '1.0';
const REQUIRED = ['state', 'timestamp', 'signature', 'version', 'checksum'];

export type StateSigner = Readonly<{
  sign: (state: Record<string, unknown>) => Record<string, unknown>;
  /** Undefined when valid, else the reason, worded as state_manager.py words it. */
  verify: (signed: unknown) => string | undefined;
}>;

/** One server's signer: states it signed verify, anything else is refused. */
export function createStateSigner(secret = randomBytes(32).toString('hex')): StateSigner {
  const canonical = (state: unknown) => JSON.stringify(state);
  const mac = (json: string, timestamp: unknown) => createHmac('sha256', secret).update(`${json}:${String(timestamp)}:${VERSION}`).digest('hex');
  return {
    sign(state) {
      const json = canonical(state);
      const timestamp = Math.floor(Date.now() / 1000);
      return { state, timestamp, signature: mac(json, timestamp), version: VERSION, checksum: createHash('sha256').update(json).digest('hex') };
    },
    verify(signed) {
      if (typeof signed !== 'object' || signed === null) return 'Verification error: not an object';
      const record = signed as Record<string, unknown>;
      const missing = REQUIRED.find((field) => !(field in record));
      if (missing) return `Missing required field: ${missing}`;
      if (record.version !== VERSION) return `Version mismatch: expected ${VERSION}, got ${String(record.version)}`;
      const json = canonical(record.state);
      if (record.checksum !== createHash('sha256').update(json).digest('hex')) return 'State checksum mismatch';
      const expected = Buffer.from(mac(json, record.timestamp));
      const given = Buffer.from(String(record.signature));
      return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'Invalid state signature';
    },
  };
}
