/**
 * A wire field that may be missing or null: Python producers send null for "absent", so both
 * read as undefined. One declaration for every dialect's schemas, and one transform function
 * the derived readers know by identity (derive-reader.ts reads such a field without calling it).
 */
import type * as z from 'zod';

export function nullToUndefined<V>(value: V | null | undefined): V | undefined {
  return value ?? undefined;
}

export const nullishField = <T extends z.ZodType>(schema: T) => schema.nullish().transform(nullToUndefined);
