/**
 * The derived reader of a zod object (derive-reader.ts): `z.looseObject` keeps every key,
 * `z.object` only the declared ones. Split out because it is the reader every frame runs
 * through, once per declared key, and most of a frame's keys are of a few plain kinds.
 *
 * Why kinds: a field read through its own reader is a call the engine cannot inline (one
 * call site meets every field's reader), two or three deep for an optional text. A field
 * whose reader is a plain string check, a value kept as it is, or an optional text
 * (`nullishField(z.string())`) is read in the loop itself; any other through its reader.
 * The result is the same either way (derive-reader.test.ts holds both to zod).
 */
import type * as z from 'zod';

import { INVALID, isObject, type Field } from '@/protocol/derive-field';

type Internals = { def: Record<string, unknown>; optin?: 'optional' | 'defaulted'; optout?: 'optional' };
const internals = (schema: unknown): Internals => (schema as { _zod: Internals })._zod;

/** What a field reader does, when it is one of the kinds read inline (`kindOf`). */
export const KEEPS = 1;
export const STRING = 2;
export const NULLISH_STRING = 3;
type Kind = typeof KEEPS | typeof STRING | typeof NULLISH_STRING;
const GENERAL = 0;

const kinds = new WeakMap<Field, Kind>();

/** Marks `field` as a reader of kind `kind` (its result must be exactly what the kind says). */
export function withKind(field: Field, kind: Kind): Field {
  kinds.set(field, kind);
  return field;
}

export function kindOf(field: Field): Kind | undefined {
  return kinds.get(field);
}

/** An absent key: fails unless present (REQUIRED), is left out (SKIPPED), reads as undefined (UNCHANGED), or is read (READ). */
const REQUIRED = 0;
const SKIPPED = 1;
const UNCHANGED = 2;
const READ = 3;
type AbsentRule = typeof REQUIRED | typeof SKIPPED | typeof UNCHANGED | typeof READ;


/**
 * A key the schema requires must be there even when its reader takes undefined; an absent
 * optional key stays absent. What an absent key reads as is worked out once here (most keys
 * of a frame are optional and absent): only a required key, or one whose reading of
 * undefined is not undefined, costs more than the property read. A kept value that may be
 * absent (`z.unknown().optional()`) is not read at all.
 */
export function objectReader(def: Record<string, unknown>, readerOf: (schema: z.ZodType) => Field): Field {
  const shape = def.shape as Record<string, z.ZodType>;
  const catchall = def.catchall === undefined ? 'strip' : (internals(def.catchall).def.type as string);
  if (catchall !== 'strip' && catchall !== 'unknown') throw new Error(`derive-reader: no fast reader for an object whose other keys are ${catchall}`);
  const declared = Object.keys(shape).filter((key) => key !== '__proto__');
  const fields = declared.map((key) => fieldOf(key, shape[key] as z.ZodType, readerOf)).filter((field) => !(field.kind === KEEPS && field.absent === UNCHANGED));
  const read = readObject(fields.map((f) => f.key), fields.map((f) => f.read), fields.map((f) => f.absent), fields.map((f) => f.inline));
  return catchall === 'unknown' ? read : strip(read, declared);
}

type FieldPlan = { key: string; read: Field; absent: AbsentRule; kind: Kind | undefined; inline: number };

function fieldOf(key: string, schema: z.ZodType, readerOf: (schema: z.ZodType) => Field): FieldPlan {
  const read = readerOf(schema);
  const absent = absentRule(schema, read);
  const kind = kindOf(read);
  // Inline only where the absent rule is the one the inline code assumes.
  const inline = (kind === STRING && absent === REQUIRED) || (kind === NULLISH_STRING && absent === UNCHANGED) || (kind === KEEPS && absent === REQUIRED) ? kind : GENERAL;
  return { key, read, absent, kind, inline };
}

function readObject(keys: readonly string[], readers: readonly Field[], absent: readonly AbsentRule[], inline: readonly number[]): Field {
  return (value: unknown): unknown => {
    if (!isObject(value)) return INVALID;
    let copy: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const raw = value[key];
      const kind = inline[i];
      if (kind === STRING) {
        if (typeof raw !== 'string') return INVALID;
        continue;
      }
      if (kind === NULLISH_STRING) {
        if (typeof raw === 'string' || raw === undefined) continue;
        if (raw !== null) return INVALID;
        (copy ??= { ...value })[key] = undefined;
        continue;
      }
      if (raw === undefined) {
        const rule = absent[i] as AbsentRule;
        if (rule === UNCHANGED) continue;
        if (rule !== READ && !(key in value)) {
          if (rule === REQUIRED) return INVALID;
          continue;
        }
      }
      if (kind === KEEPS) continue;
      const result = (readers[i] as Field)(raw);
      if (result === INVALID) return INVALID;
      if (result !== raw) (copy ??= { ...value })[key] = result;
    }
    return copy ?? value;
  };
}

/** Zod's rule for a key that is not there (its optin / optout), with what the key's reader makes of undefined. */
function absentRule(field: z.ZodType, read: Field): AbsentRule {
  const { optin, optout } = internals(field);
  if (optin === undefined) return REQUIRED;
  let readsUndefined: boolean;
  try {
    readsUndefined = read(undefined) === undefined;
  } catch {
    return READ;
  }
  if (optin === 'optional' && optout === 'optional') return readsUndefined ? UNCHANGED : SKIPPED;
  return readsUndefined ? UNCHANGED : READ;
}

/** `z.object`: the declared keys only. */
function strip(read: Field, keys: readonly string[]): Field {
  return (value) => {
    const result = read(value);
    if (result === INVALID) return INVALID;
    const kept: Record<string, unknown> = {};
    for (const key of keys) if (key in (result as object)) kept[key] = (result as Record<string, unknown>)[key];
    return kept;
  };
}
