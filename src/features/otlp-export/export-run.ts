/** A run session as OTLP JSON: its facts → the span plan → the SDK's serializer. The lazy chunk's entry. */
import type { RunSession } from '@/stores/run-session';

import { runFactsOf, type DeciderOf } from '@/features/otlp-export/run-facts';
import { planToOtlpJson } from '@/features/otlp-export/to-otlp';
import { buildTracePlan } from '@/features/otlp-export/trace-plan';

export function exportRunAsOtlp(session: RunSession, nowMs: number, deciderOf: DeciderOf): string {
  return planToOtlpJson(buildTracePlan(runFactsOf(session, nowMs, deciderOf)), '0.1.0');
}
