/**
 * The interpreter as ingest calls it: a throw becomes a rejected frame with the reason
 * ("interpreter error: …"), and decoded events a hostile stream could use to corrupt the
 * stores (guard-events.ts) reject the frame instead of reaching them. Never throws.
 */
import type { Interpretation, Interpreter } from '@/protocol/dialect';

import { unsafeEventReason } from '@/ingest/guard-events';
import { errorMessage } from '@/lib/error-message';

export function createSafeInterpreter(interpret: Interpreter): Interpreter {
  return (frame) => {
    let result: Interpretation;
    try {
      result = interpret(frame);
    } catch (error) {
      return { kind: 'rejected', reason: `interpreter error: ${errorMessage(error)}` };
    }
    if (result.kind !== 'events') return result;
    const unsafe = unsafeEventReason(result.events);
    return unsafe === undefined ? result : { kind: 'rejected', reason: unsafe };
  };
}
