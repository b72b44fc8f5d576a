/**
 * Producer timestamps → epoch ms. ISO text with a zone parses as given; a naive timestamp
 * (myagent's `datetime.now().isoformat()`, no zone) is read as the viewer's local time,
 * and the raw text is kept beside it by the decoders.
 *
 * Speed: most frames of a stream carry a timestamp, and `Date.parse` was a tenth of some
 * dialects' ingest. A timestamp of the usual shape (`YYYY-MM-DDTHH:MM:SS[.fff…][Z|±HH:MM]`)
 * is read as its minute, which `Date.parse` gives once per minute and zone (`minuteMs`), plus
 * its seconds and milliseconds. Anything else goes to `Date.parse` whole, so every answer is
 * the one `Date.parse` gives (guarded by parse-time.test.ts).
 */
export function parseTimeMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e12 ? value * 1000 : value;
  if (typeof value !== 'string' || value.length === 0) return undefined;
  const ms = isoMs(value) ?? Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

const DASH = 45;
const COLON = 58;
const DOT = 46;
const PLUS = 43;
const Z = 90;

/** The timestamp by the minute cache, or undefined when it is not of the usual shape (Date.parse reads it). */
function isoMs(text: string): number | undefined {
  const n = text.length;
  if (n < 19 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH || text.charCodeAt(10) !== 84) return undefined;
  if (text.charCodeAt(13) !== COLON || text.charCodeAt(16) !== COLON) return undefined;
  if (twoDigits(text, 11) > 23 || twoDigits(text, 14) > 59) return undefined;
  const seconds = twoDigits(text, 17);
  if (seconds > 59) return undefined;
  let i = 19;
  let millis = 0;
  if (i < n && text.charCodeAt(i) === DOT) {
    const start = ++i;
    // Date.parse keeps the first three digits of a fraction and drops the rest.
    for (; i < n && isDigit(text.charCodeAt(i)); i++) if (i - start < 3) millis = millis * 10 + (text.charCodeAt(i) - 48);
    if (i === start) return undefined;
    for (let d = i - start; d < 3; d++) millis *= 10;
  }
  if (!isZone(text, i)) return undefined;
  const minute = minuteMs(text, i);
  return minute === undefined ? undefined : minute + seconds * 1000 + millis;
}

/** Nothing (local time), `Z`, or `±HH:MM`, from `at` to the end. */
function isZone(text: string, at: number): boolean {
  const left = text.length - at;
  if (left === 0) return true;
  if (left === 1) return text.charCodeAt(at) === Z;
  const sign = text.charCodeAt(at);
  return left === 6 && (sign === PLUS || sign === DASH) && text.charCodeAt(at + 3) === COLON && twoDigits(text, at + 1) <= 23 && twoDigits(text, at + 4) <= 59;
}

/** The last minute read: its text (the first 16 characters and the zone count) and its epoch ms. */
let lastText = '';
let lastZoneAt = 0;
let lastMinute: number | undefined;

/**
 * Epoch ms of the timestamp's minute (its seconds at 00), undefined when `Date.parse` does
 * not read the minute as a plain 60 s (a zone offset changing within it, an invalid date).
 */
function minuteMs(text: string, zoneAt: number): number | undefined {
  if (sameMinute(text, zoneAt)) return lastMinute;
  const head = text.slice(0, 16);
  const zone = text.slice(zoneAt);
  const start = Date.parse(`${head}:00${zone}`);
  const end = Date.parse(`${head}:59${zone}`);
  lastText = text;
  lastZoneAt = zoneAt;
  lastMinute = Number.isFinite(start) && end - start === 59_000 ? start : undefined;
  return lastMinute;
}

function sameMinute(text: string, zoneAt: number): boolean {
  if (lastText === '' || text.length - zoneAt !== lastText.length - lastZoneAt) return false;
  for (let i = 0; i < 16; i++) if (text.charCodeAt(i) !== lastText.charCodeAt(i)) return false;
  for (let i = zoneAt, j = lastZoneAt; i < text.length; i++, j++) if (text.charCodeAt(i) !== lastText.charCodeAt(j)) return false;
  return true;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** The two-digit number at `at`, or 99 when either is not a digit. */
function twoDigits(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : 99;
}
