/** Every dialect Runboard speaks, by id. */
import type { Dialect, DialectId } from '@/protocol/dialect';
import { relaviumDialect } from '@/protocol/relavium/relavium-dialect';

export const DIALECTS: Readonly<Partial<Record<DialectId, Dialect>>> = {
  relavium: relaviumDialect,
};

export function dialectById(id: string): Dialect | undefined {
  return (DIALECTS as Record<string, Dialect | undefined>)[id];
}
