/**
 * Replaces secret references in any payload before it is shown.
 *
 * A producer marks a secret as `{ secret: true, ref: "<name>" }`; wherever such an
 * object sits (nested objects, arrays), it becomes the text "[redacted secret: <ref>]".
 * Pure: the input is never mutated, untouched branches are returned as they are, and a
 * cyclic value is cut at the repeat ("[circular]") so display code never loops.
 * Guarded by redact-secrets.test.ts.
 */
export function redactSecrets(value: unknown): unknown {
  return walk(value, new WeakSet<object>(), 0);
}

/**
 * Deeper than this, a branch is shown as a note instead of walked: a hostile frame nested
 * 10,000 levels would otherwise overflow the stack here (and in JSON.stringify after it).
 */
export const MAX_DISPLAY_DEPTH = 100;

export function isSecretRef(value: unknown): value is { secret: true; ref?: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { secret?: unknown }).secret === true;
}

function walk(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (isSecretRef(value)) return `[redacted secret: ${refText(value.ref)}]`;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DISPLAY_DEPTH) return `[nested deeper than ${MAX_DISPLAY_DEPTH} levels: download the raw frame]`;
  seen.add(value);
  try {
    return Array.isArray(value) ? walkArray(value, seen, depth + 1) : walkObject(value as Record<string, unknown>, seen, depth + 1);
  } finally {
    // A shared (not cyclic) sub-object may appear twice; only an ancestor is a cycle.
    seen.delete(value);
  }
}

function walkArray(items: readonly unknown[], seen: WeakSet<object>, depth: number): unknown {
  let copy: unknown[] | undefined;
  items.forEach((item, i) => {
    const next = walk(item, seen, depth);
    if (next !== item) (copy ??= [...items])[i] = next;
  });
  return copy ?? items;
}

function walkObject(record: Record<string, unknown>, seen: WeakSet<object>, depth: number): unknown {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const next = walk(item, seen, depth);
    if (next !== item) (copy ??= { ...record })[key] = next;
  }
  return copy ?? record;
}

function refText(ref: unknown): string {
  if (typeof ref === 'string' && ref !== '') return ref;
  if (typeof ref === 'number') return String(ref);
  return 'unnamed';
}
