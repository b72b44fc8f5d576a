/**
 * Decodes an OTLP JSON trace export with the official OTLP .proto definitions
 * (tests/fixtures/otlp, loaded by protobufjs): every field must be one the definitions
 * declare (checked recursively), the JSON mapping's hex ids become bytes, and the request
 * survives a protobuf encode/decode round trip. Returns the spans, flattened, with hex ids.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import protobuf from 'protobufjs';

const ROOT = fileURLToPath(new URL('../fixtures/otlp/', import.meta.url));
const HEX_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

export type DecodedSpan = Readonly<{
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startNs: bigint;
  endNs: bigint;
  status: { code?: number; message?: string };
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
}>;

async function requestType(): Promise<protobuf.Type> {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(ROOT, target));
  await root.load('opentelemetry/proto/collector/trace/v1/trace_service.proto', { keepCase: false });
  return root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');
}

/** Field names the definitions do not declare, as paths ("resourceSpans.0.scopeSpans.0.spans.3.foo"). */
function unknownFields(type: protobuf.Type, value: unknown, at: string, out: string[]): void {
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    const field = type.fields[key];
    if (field === undefined) {
      out.push(`${at}${key}`);
      continue;
    }
    const resolved = field.resolve().resolvedType;
    if (!(resolved instanceof protobuf.Type)) continue;
    const items = field.repeated && Array.isArray(child) ? child : [child];
    items.forEach((item, i) => unknownFields(resolved, item, `${at}${key}${field.repeated ? `.${i}` : ''}.`, out));
  }
}

/** Hex ids (the OTLP/JSON mapping) to the base64 protobufjs reads for bytes. */
function idsToBase64(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(idsToBase64);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, HEX_FIELDS.has(k) && typeof v === 'string' ? Buffer.from(v, 'hex').toString('base64') : idsToBase64(v)]),
  );
}

function attributesOf(list: { key: string; value: Record<string, unknown> }[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) out[key] = value.stringValue ?? value.intValue ?? value.doubleValue ?? value.boolValue;
  return out;
}

export async function decodeOtlpJson(text: string): Promise<DecodedSpan[]> {
  const type = await requestType();
  const json: unknown = JSON.parse(text);
  const unknown: string[] = [];
  unknownFields(type, json, '', unknown);
  if (unknown.length > 0) throw new Error(`fields the OTLP definitions do not declare: ${unknown.slice(0, 10).join(', ')}`);
  const input = idsToBase64(json) as Record<string, unknown>;
  const problem = type.verify(type.toObject(type.fromObject(input)));
  if (problem !== null) throw new Error(`not a valid ExportTraceServiceRequest: ${problem}`);
  const decoded = type.decode(type.encode(type.fromObject(input)).finish());
  const plain = type.toObject(decoded, { longs: String, bytes: String, defaults: true, arrays: true }) as {
    resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[];
  };
  const hex = (b64: unknown) => Buffer.from(String(b64), 'base64').toString('hex');
  return plain.resourceSpans.flatMap((r) =>
    r.scopeSpans.flatMap((s) =>
      s.spans.map((span) => ({
        traceId: hex(span.traceId),
        spanId: hex(span.spanId),
        parentSpanId: hex(span.parentSpanId),
        name: String(span.name),
        kind: Number(span.kind),
        startNs: BigInt(String(span.startTimeUnixNano)),
        endNs: BigInt(String(span.endTimeUnixNano)),
        status: span.status as { code?: number; message?: string },
        attributes: attributesOf(span.attributes as never),
        events: (span.events as { name: string; attributes: never }[]).map((e) => ({ name: e.name, attributes: attributesOf(e.attributes) })),
      })),
    ),
  );
}
