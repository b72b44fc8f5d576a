/**
 * What pages say about a dialect before it loads (dialect-info.ts) is what the dialect and
 * its run list say once loaded, and loading a dialect by id gives that dialect.
 */
import { describe, expect, test } from 'vitest';

import { DIALECT_IDS } from '@/protocol/dialect';
import { DIALECT_INFO, DIALECT_INFOS, dialectInfoById, KNOWN_DIALECTS } from '@/protocol/dialect-info';
import { DIALECTS } from '@/protocol/dialects';
import { loadDialect } from '@/protocol/load-dialect';
import { runListOf } from '@/protocol/run-lists';

describe('dialect info', () => {
  test('names every dialect, in the order the start page lists them', () => {
    expect(KNOWN_DIALECTS).toEqual(Object.keys(DIALECTS));
    expect([...KNOWN_DIALECTS].sort()).toEqual([...DIALECT_IDS].sort());
  });

  test.each(DIALECT_IDS)('%s: the facts shown before loading are the loaded dialect’s', (id) => {
    const dialect = DIALECTS[id];
    const info = DIALECT_INFO[id];
    expect({ id: dialect.id, label: dialect.label, wire: dialect.wire, address: dialect.address }).toEqual({
      id: info.id, label: info.label, wire: info.wire, address: info.address,
    });
    expect(info.startsRuns).toBe(dialect.capabilities.startsRuns);
    expect(info.serverNamesRuns).toBe(dialect.capabilities.serverNamesRuns === true);
    expect(info.watchesWithoutStarter).toBe(dialect.watchPlan !== undefined);
    expect(info.listedLocally).toBe(runListOf(id)?.source.kind === 'local');
    expect(info.listNeedsSession).toBe(runListOf(id)?.source.kind === 'socket.io');
  });

  test('an unknown id has no info and loads nothing', () => {
    expect(dialectInfoById('nope')).toBeUndefined();
    expect(dialectInfoById('toString')).toBeUndefined();
    expect(loadDialect('nope')).toBeUndefined();
    expect(DIALECT_INFOS).toHaveLength(DIALECT_IDS.length);
  });

  test.each(DIALECT_IDS)('%s loads as the dialect of that id, once', async (id) => {
    const first = loadDialect(id);
    expect(first).toBe(loadDialect(id));
    expect(await first).toBe(DIALECTS[id]);
  });
});
