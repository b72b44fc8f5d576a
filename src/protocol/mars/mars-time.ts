/**
 * MARS times → epoch ms. The server writes UTC in three spellings: `…123456Z` (events sent
 * directly), `…123456+00:00Z` (the connection manager appends a "Z" to an isoformat that
 * already has its offset), and naive text with no zone (database rows, `[2026-04-22 13:07:58.123]`
 * log prefixes), which is UTC too — never the viewer's local time.
 */
import { parseTimeMs } from '@/lib/parse-time';

const OFFSET_THEN_Z = /[+-]\d\d:\d\dZ$/;
const HAS_ZONE = /(Z|[+-]\d\d:?\d\d)$/;

export function marsTimeMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return parseTimeMs(value);
  if (OFFSET_THEN_Z.test(value)) return parseTimeMs(value.slice(0, -1));
  if (value.length >= 10 && !HAS_ZONE.test(value)) return parseTimeMs(`${value.replace(' ', 'T')}Z`);
  return parseTimeMs(value);
}
