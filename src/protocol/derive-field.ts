/** What every derived reader (derive-reader.ts) is, and the value it gives for a rejected input. */
export const INVALID: unique symbol = Symbol('invalid');

/** The value as the schema reads it, or INVALID. */
export type Field = (value: unknown) => unknown;

/** A plain object as JSON gives one (not null, not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
