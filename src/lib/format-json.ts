/**
 * JSON text for display: secrets redacted, pretty-printed, cut at a byte-ish budget.
 *
 * Why a budget: raw frames and node outputs can be megabytes; rendering them whole in a
 * <pre> stalls the page. The full text is kept so "show all" and "download" still work.
 * Never throws (BigInt, cycles and the like fall back to String()). Guarded by format-json.test.ts.
 */
import { redactSecrets } from '@/lib/redact-secrets';

export const DISPLAY_LIMIT_CHARS = 20_000;

export type DisplayJson = Readonly<{ text: string; full: string; truncated: boolean }>;

export function toDisplayJson(value: unknown, limit = DISPLAY_LIMIT_CHARS): DisplayJson {
  const full = stringify(redactSecrets(value));
  if (full.length <= limit) return { text: full, full, truncated: false };
  return { text: full.slice(0, limit), full, truncated: true };
}

function stringify(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** "12.3 KB" for a character count (close enough to bytes for a note). */
export function formatSize(chars: number): string {
  if (chars < 1024) return `${chars} B`;
  if (chars < 1024 * 1024) return `${(chars / 1024).toFixed(1)} KB`;
  return `${(chars / 1024 / 1024).toFixed(1)} MB`;
}
