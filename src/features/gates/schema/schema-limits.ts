/**
 * What a gate's response schema may be before Runboard builds a form from it, and the
 * answer a form starts from. Pure; the form itself is loaded only when a gate asks for one.
 */

/** Beyond these, a schema is not a form a person can fill in (or a hostile one): JSON text instead. */
export const SCHEMA_MAX_CHARS = 50_000;
export const SCHEMA_MAX_DEPTH = 12;
export const SCHEMA_MAX_NODES = 2_000;

/** Why this schema gets no form, or undefined when it may have one. */
export function schemaTooBig(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return 'the response schema is not a JSON Schema object';
  let text: string;
  try {
    text = JSON.stringify(schema);
  } catch {
    return 'the response schema cannot be read as JSON';
  }
  if (text.length > SCHEMA_MAX_CHARS) return `the response schema is too large for a form (${text.length.toLocaleString('en')} characters; at most ${SCHEMA_MAX_CHARS.toLocaleString('en')})`;
  const { depth, nodes } = measure(schema);
  if (depth > SCHEMA_MAX_DEPTH) return `the response schema nests too deeply for a form (${depth} levels; at most ${SCHEMA_MAX_DEPTH})`;
  if (nodes > SCHEMA_MAX_NODES) return `the response schema has too many parts for a form (${nodes}; at most ${SCHEMA_MAX_NODES})`;
  return undefined;
}

function measure(value: unknown): { depth: number; nodes: number } {
  let nodes = 0;
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    nodes += 1;
    deepest = Math.max(deepest, depth);
    if (typeof current !== 'object' || current === null) continue;
    for (const child of Object.values(current)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return { depth: deepest, nodes };
}

type Rec = Record<string, unknown>;

/**
 * The answer the form starts from: a required yes/no with no default starts as `false`,
 * as the unticked box shows it (else an untouched box could not be sent as "no"). Every
 * other default the schema gives the form fills in itself.
 */
export function seedAnswer(schema: unknown): unknown {
  const s = (schema ?? {}) as Rec;
  if (s.type !== 'object' || typeof s.properties !== 'object' || s.properties === null) return undefined;
  const seed: Rec = {};
  for (const [key, prop] of Object.entries(s.properties as Rec)) {
    const p = (prop ?? {}) as Rec;
    if (p.type === 'boolean' && p.default === undefined) seed[key] = false;
  }
  return seed;
}

/** The text the JSON editor starts with: the seeded answer, or an empty object. */
export function seedText(schema: unknown): string {
  return JSON.stringify(seedAnswer(schema) ?? {}, null, 2);
}
