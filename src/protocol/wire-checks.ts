/**
 * The one structural test every dialect's `locate` needs before it reads a frame's fields:
 * is it a JSON object? `locate` places frames without validating them (the interpreter's
 * readers, derived from the zod schemas, do that once), so this agrees with the schemas'
 * own object test. wire-checks.test.ts holds it against zod.
 */
export type Loose = Record<string, unknown>;

/** `z.looseObject(...)`'s own test: an object that is not an array (frames come from JSON). */
export const isWireObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
