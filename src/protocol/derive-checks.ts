/**
 * The checks of a zod schema (`.int()`, `.nonnegative()`, `.min(1)`, `.refine(fn)` …) as one
 * test of a value its base type already accepted, for derive-reader.ts. A check this does not
 * know throws when the reader is derived, never silently passes.
 */
type CheckDef = Readonly<Record<string, unknown> & { check: string }>;
type Test = (value: unknown) => boolean;

const defOf = (check: unknown): CheckDef => (check as { _zod: { def: CheckDef } })._zod.def;

/** All of `checks`, in order. */
export function compileChecks(checks: readonly unknown[]): Test {
  const tests = checks.map((check) => compileCheck(defOf(check)));
  if (tests.length === 1) return tests[0] as Test;
  return (value) => {
    for (const test of tests) if (!test(value)) return false;
    return true;
  };
}

/** Zod counts a string's length in code points, not UTF-16 units. */
function lengthOf(value: unknown): number {
  if (typeof value !== 'string') return (value as { length: number }).length;
  let points = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    points++;
  }
  return points;
}

function compileCheck(def: CheckDef): Test {
  switch (def.check) {
    case 'number_format':
      return numberFormat(def.format);
    case 'greater_than': {
      const bound = def.value as number;
      return def.inclusive ? (value) => (value as number) >= bound : (value) => (value as number) > bound;
    }
    case 'less_than': {
      const bound = def.value as number;
      return def.inclusive ? (value) => (value as number) <= bound : (value) => (value as number) < bound;
    }
    case 'min_length': {
      // A code point is one or two units: only a length between the floor and twice it needs counting.
      const minimum = def.minimum as number;
      return (value) => {
        const units = (value as { length: number }).length;
        return units >= minimum && (units >= minimum * 2 || lengthOf(value) >= minimum);
      };
    }
    case 'max_length': {
      const maximum = def.maximum as number;
      return (value) => (value as { length: number }).length <= maximum || lengthOf(value) <= maximum;
    }
    case 'custom':
      return custom(def);
    default:
      throw new Error(`derive-reader: no fast reader for the check ${def.check}`);
  }
}

function numberFormat(format: unknown): Test {
  if (format === 'safeint') return (value) => Number.isSafeInteger(value);
  throw new Error(`derive-reader: no fast reader for the number format ${String(format)}`);
}

/** `.refine(fn)`: the value passes when `fn` says so (a `when` or an async refinement is not read fast). */
function custom(def: CheckDef): Test {
  const fn = def.fn;
  if (typeof fn !== 'function' || def.when !== undefined) throw new Error('derive-reader: no fast reader for this refinement');
  return (value) => {
    const passed = (fn as (value: unknown) => unknown)(value);
    if (passed instanceof Promise) throw new Error('derive-reader: an async refinement');
    return Boolean(passed);
  };
}
