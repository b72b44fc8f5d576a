import { describe, expect, test } from 'vitest';

import type { GateState } from '@/stores/run-types';

import { newestDecided, RECENTLY_DECIDED_MAX, type DecidedEntry } from '@/features/gates/use-inbox-gates';

const entry = (runId: string, gateId: string, decidedAtMs: number, sentHere = false): DecidedEntry => ({
  gate: { gateId, runId, kind: 'approval', message: 'ok?', options: [], acceptsText: false, answerable: true, openedAtMs: 0, row: 0, status: 'resolved' } as GateState,
  runId,
  dialectLabel: 'relavium',
  sentHere,
  decidedAtMs,
});

describe('recently decided gates', () => {
  test('newest first, each gate once: an open session’s entry wins over the copy kept when another closed', () => {
    const live = entry('r1', 'g', 10, true);
    const kept = entry('r1', 'g', 10, false);
    const out = newestDecided([live, entry('r2', 'g', 30), kept, entry('r3', 'g', 20)]);
    expect(out.map((e) => `${e.runId} ${e.sentHere}`)).toEqual(['r2 false', 'r3 false', 'r1 true']);
  });

  test('keeps at most the newest RECENTLY_DECIDED_MAX', () => {
    const many = Array.from({ length: RECENTLY_DECIDED_MAX + 5 }, (_, i) => entry(`r${i}`, 'g', i));
    const out = newestDecided(many);
    expect(out).toHaveLength(RECENTLY_DECIDED_MAX);
    expect(out[0]?.decidedAtMs).toBe(RECENTLY_DECIDED_MAX + 4);
  });
});
