/**
 * About how many characters a value takes as JSON text, without writing it: the recording's
 * byte bound (frame-log.ts) weighs every frame this way. Why not JSON.stringify: it builds the
 * text (as costly as the parse that made the frame); this walk only adds up lengths. Close,
 * not exact: a number counts as 8 characters and escapes are not counted. A frame nested past
 * MAX_DEPTH counts that much more for each branch it still has (hostile frames stay cheap to weigh).
 */
const MAX_DEPTH = 32;
const NUMBER = 8;

export function jsonWeight(value: unknown, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
      return NUMBER;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      if (value === null) return 4;
      if (depth >= MAX_DEPTH) return NUMBER;
      return Array.isArray(value) ? arrayWeight(value, depth) : objectWeight(value as Record<string, unknown>, depth);
    default:
      return 0;
  }
}

function arrayWeight(list: readonly unknown[], depth: number): number {
  let total = 2 + Math.max(0, list.length - 1);
  for (let i = 0; i < list.length; i++) total += jsonWeight(list[i], depth + 1);
  return total;
}

function objectWeight(record: Record<string, unknown>, depth: number): number {
  // `{}`, and per key `"key":value,` less the last comma.
  let total = 1;
  // for…in, not Object.entries: no array of pairs per object (this runs for every frame). No
  // own-property check: a parsed frame has only its own keys, and an estimate may count more.
  for (const key in record) total += key.length + 4 + jsonWeight(record[key], depth + 1);
  return total === 1 ? 2 : total;
}
