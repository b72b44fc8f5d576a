/**
 * Producer timestamps → epoch ms. ISO text with a zone parses as given; a naive timestamp
 * (myagent's `datetime.now().isoformat()`, no zone) is read as the viewer's local time,
 * and the raw text is kept beside it by the decoders.
 */
export function parseTimeMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e12 ? value * 1000 : value;
  if (typeof value !== 'string' || value.length === 0) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
