/**
 * The span plan as OTLP JSON, built and serialized by the official OpenTelemetry JS SDK
 * (@opentelemetry/sdk-trace makes the spans, @opentelemetry/otlp-transformer writes the
 * ExportTraceServiceRequest exactly as an OTLP/HTTP JSON exporter would). Loaded only when a
 * person exports (a dynamic import), so the run page's first load does not carry it.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';

import type { SpanPlan } from '@/features/otlp-export/trace-plan';

const STATUS = { ok: SpanStatusCode.OK, error: SpanStatusCode.ERROR, unset: SpanStatusCode.UNSET } as const;

/** OTLP JSON (one ExportTraceServiceRequest) for the plan; `version` names the exporting app. */
export function planToOtlpJson(plan: SpanPlan, version: string): string {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'runboard', 'service.version': version }),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
    // No limit on attributes: prompts and responses are whole (an SDK default would cut them).
    spanLimits: { attributeValueLengthLimit: Number.POSITIVE_INFINITY, attributeCountLimit: 128, eventCountLimit: 10_000 },
  });
  const tracer = provider.getTracer('runboard-export', version);
  emit(tracer, plan, ROOT_CONTEXT);
  const spans: ReadableSpan[] = exporter.getFinishedSpans();
  const bytes = JsonTraceSerializer.serializeRequest(spans);
  if (bytes === undefined) throw new Error('the OTLP serializer returned nothing');
  return new TextDecoder().decode(bytes);
}

function emit(tracer: ReturnType<TracerProvider['getTracer']>, plan: SpanPlan, parent: Context): void {
  const span = tracer.startSpan(plan.name, { startTime: plan.startMs, attributes: plan.attributes, kind: plan.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL }, parent);
  for (const event of plan.events) span.addEvent(event.name, event.attributes, event.atMs);
  span.setStatus(plan.statusMessage !== undefined && plan.status === 'error' ? { code: STATUS.error, message: plan.statusMessage } : { code: STATUS[plan.status] });
  const context = trace.setSpan(parent, span);
  for (const child of plan.children) emit(tracer, child, context);
  span.end(plan.endMs);
}
