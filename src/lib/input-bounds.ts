/**
 * How long a typed or linked value may be before it is refused with a message and nothing
 * is sent. Real ids are short (a UUID is 36 characters, a Shannon workflow id about 40), so
 * a run id of thousands of characters is a paste gone wrong: sent on, it overflowed the run
 * header and came back as a network error blamed on CORS. Guarded by input-bounds.test.ts.
 */
export const INPUT_BOUNDS = {
  run: { max: 256, name: 'run id' },
  session: { max: 256, name: 'session id' },
  url: { max: 2_048, name: 'backend URL' },
  replay: { max: 2_048, name: 'recording address' },
  node: { max: 256, name: 'node id' },
  start: { max: 20_000, name: 'instructions text' },
} as const;

export type BoundedInput = keyof typeof INPUT_BOUNDS;

const count = (n: number) => n.toLocaleString('en-US');

/** "The run id is 200,000 characters long: at most 256 are accepted." or undefined when it fits. */
export function tooLong(input: BoundedInput, value: string | undefined | null): string | undefined {
  const { max, name } = INPUT_BOUNDS[input];
  if (value == null || value.length <= max) return undefined;
  return `The ${name} is ${count(value.length)} characters long: at most ${count(max)} are accepted.`;
}

/** A value shown inside a message: its start and length, never all of a pasted megabyte. */
export function shortened(value: string, keep = 60): string {
  return value.length <= keep ? value : `${value.slice(0, keep)}… (${count(value.length)} characters)`;
}
