/**
 * Is this JSON Schema usable for a form? cfworker's validator is lenient (it never rejects a
 * schema), so the keywords a form is built from are checked here: a schema that misuses
 * them gets the JSON editor and a message naming the first mistake, not a broken form.
 */
const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function ownProblem(s: Rec, at: string): string | undefined {
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
  const badType = types.find((t) => typeof t !== 'string' || !TYPES.has(t));
  if (badType !== undefined) return `${at}: "type" ${JSON.stringify(badType)} is not a JSON Schema type`;
  if (s.properties !== undefined && !isRec(s.properties)) return `${at}: "properties" must be an object`;
  if (s.required !== undefined && !(Array.isArray(s.required) && s.required.every((r) => typeof r === 'string'))) return `${at}: "required" must be a list of names`;
  if (s.enum !== undefined && !Array.isArray(s.enum)) return `${at}: "enum" must be a list`;
  if (s.items !== undefined && !isRec(s.items) && typeof s.items !== 'boolean' && !Array.isArray(s.items)) return `${at}: "items" must be a schema`;
  if (typeof s.$ref === 'string' && !s.$ref.startsWith('#')) return `${at}: "$ref" ${JSON.stringify(s.$ref.slice(0, 80))} points outside the schema`;
  return undefined;
}

function children(s: Rec, at: string): [unknown, string][] {
  const out: [unknown, string][] = [];
  for (const key of ['properties', 'definitions', '$defs', 'patternProperties']) {
    if (isRec(s[key])) for (const [name, child] of Object.entries(s[key])) out.push([child, `${at}.${key}.${name}`]);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains']) if (isRec(s[key])) out.push([s[key], `${at}.${key}`]);
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']) {
    if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((child, i) => out.push([child, `${at}.${key}[${i}]`]));
  }
  return out;
}

/** The first misuse of a form-building keyword, with where it is, or undefined. */
export function schemaShapeProblem(schema: unknown): string | undefined {
  const stack: [unknown, string][] = [[schema, 'schema']];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (typeof node === 'boolean') continue;
    if (!isRec(node)) return `${at} is not a schema`;
    const problem = ownProblem(node, at);
    if (problem !== undefined) return problem;
    stack.push(...children(node, at));
  }
  return undefined;
}
