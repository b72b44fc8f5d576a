/** Helpers the run-list modules share: rows read one by one, so one bad row never costs the page. */
import * as z from 'zod';

import { reasonOf } from '@/protocol/decode-util';
import { skippedOf, type RunListPage, type RunSummary } from '@/protocol/run-summary';

/** Each row through `schema` then `toSummary`; rows that fail are counted with their reason. */
export function readRows<S extends z.ZodType>(
  rows: readonly unknown[],
  schema: S,
  toSummary: (row: z.infer<S>) => RunSummary,
): { runs: RunSummary[]; skipped: RunListPage['skipped'] } {
  const runs: RunSummary[] = [];
  const reasons: string[] = [];
  for (const [index, row] of rows.entries()) {
    const parsed = schema.safeParse(row);
    if (parsed.success) runs.push(toSummary(parsed.data));
    else reasons.push(`row ${index}: ${reasonOf(parsed.error)}`);
  }
  return { runs, skipped: skippedOf(reasons) };
}

/** The envelope of a reply, or a reason it is not the shape the protocol documents. */
export function readEnvelope<S extends z.ZodType>(body: unknown, schema: S, what: string): z.infer<S> | string {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : `the ${what} reply is not what the protocol documents: ${reasonOf(parsed.error)}`;
}

/** Producers send null for absent; normalise once. */
export const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

export const optionalNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? undefined);

/** An id that may arrive as a number (MARS database ids) or text. */
export const idText = z.union([z.string().min(1), z.number()]).transform(String);
