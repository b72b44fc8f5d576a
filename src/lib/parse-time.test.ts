import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';

import { parseTimeMs } from '@/lib/parse-time';

/** What parseTimeMs must answer for text: exactly Date.parse, undefined where it reads nothing. */
function expected(text: string): number | undefined {
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ISO-like timestamps near and off the usual shape: every part sometimes out of range or malformed. */
const timestamp = fc
  .record({
    year: fc.oneof(fc.integer({ min: 1965, max: 2040 }), fc.constantFrom(1900, 1937, 1971, 1972, 2000, 9999)),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 25 }),
    minute: fc.integer({ min: 0, max: 61 }),
    second: fc.integer({ min: 0, max: 61 }),
    fraction: fc.oneof(fc.constant(''), fc.constant('.'), fc.stringMatching(/^\.[0-9]{1,9}$/)),
    zone: fc.constantFrom('', 'Z', 'z', '+00:00', '-00:00', '+01:00', '-03:30', '+05:45', '+14:00', '+24:00', '+0100', '+01', ' '),
    separator: fc.constantFrom('T', 'T', 'T', ' ', 't'),
  })
  .map(({ year, month, day, hour, minute, second, fraction, zone, separator }) => `${pad(year, 4)}-${pad(month)}-${pad(day)}${separator}${pad(hour)}:${pad(minute)}:${pad(second)}${fraction}${zone}`);

const ZONES = ['UTC', 'Europe/Berlin', 'America/St_Johns', 'Asia/Kathmandu', 'Africa/Monrovia', 'Australia/Lord_Howe'];
const originalTz = process.env.TZ;

describe('parseTimeMs', () => {
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('reads numbers as epoch seconds or ms', () => {
    expect(parseTimeMs(1_735_689_602)).toBe(1_735_689_602_000);
    expect(parseTimeMs(1_735_689_602_405)).toBe(1_735_689_602_405);
    expect(parseTimeMs(Number.NaN)).toBeUndefined();
    expect(parseTimeMs('')).toBeUndefined();
    expect(parseTimeMs(null)).toBeUndefined();
  });

  it('reads the usual shapes as Date.parse does, the fraction cut to milliseconds', () => {
    expect(parseTimeMs('2025-01-01T00:00:02.405Z')).toBe(Date.UTC(2025, 0, 1, 0, 0, 2, 405));
    expect(parseTimeMs('2025-01-01T00:00:02.4059Z')).toBe(Date.UTC(2025, 0, 1, 0, 0, 2, 405));
    expect(parseTimeMs('2025-01-01T00:00:02.4Z')).toBe(Date.UTC(2025, 0, 1, 0, 0, 2, 400));
    expect(parseTimeMs('2025-01-01T01:00:02+01:00')).toBe(Date.UTC(2025, 0, 1, 0, 0, 2));
    expect(parseTimeMs('2025-01-01T00:00:02.Z')).toBeUndefined();
    expect(parseTimeMs('2025-01-01T23:59:60Z')).toBe(expected('2025-01-01T23:59:60Z'));
  });

  it('answers what Date.parse answers, in zones with odd offsets and changes (one minute after another too)', () => {
    for (const zone of ZONES) {
      process.env.TZ = zone;
      fc.assert(
        fc.property(fc.array(timestamp, { minLength: 1, maxLength: 4 }), (texts) => {
          for (const text of texts) expect(parseTimeMs(text), `${zone}: ${text}`).toBe(expected(text));
        }),
        { numRuns: 400 },
      );
    }
  });

  it('answers what Date.parse answers across a change of offset within a minute, second by second', () => {
    // Monrovia moved from -0:44:30 to UTC on 7 January 1972: local minutes there were not 60 s.
    process.env.TZ = 'Africa/Monrovia';
    for (let s = 0; s < 60; s++) {
      for (const minute of ['1972-01-06T23:59', '1972-01-07T00:00', '1972-01-07T00:44', '1972-01-07T00:45']) {
        const text = `${minute}:${pad(s)}`;
        expect(parseTimeMs(text), text).toBe(expected(text));
      }
    }
  });
});
