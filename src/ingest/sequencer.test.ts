import { describe, expect, test } from 'vitest';

import { createSequencer, type Sequenced } from '@/ingest/sequencer';

const at = (seq: number, scope = 'run'): Sequenced<string> => ({ order: { scope, seq }, item: `e${seq}` });

describe('sequencer', () => {
  test('releases in-order frames at once', () => {
    const seq = createSequencer<string>({ firstSeq: 0 });
    expect(seq.accept([at(0), at(1), at(2)], 0).released).toEqual(['e0', 'e1', 'e2']);
  });

  test('drops a frame delivered twice, even three times', () => {
    const seq = createSequencer<string>({ firstSeq: 0 });
    const out = seq.accept([at(0), at(1), at(1), at(0), at(1)], 0);
    expect(out.released).toEqual(['e0', 'e1']);
    expect(out.duplicates).toBe(3);
  });

  test('puts frames reordered within the window back in order', () => {
    const seq = createSequencer<string>({ firstSeq: 0, reorderWindow: 5 });
    const first = seq.accept([at(0), at(3), at(2)], 0);
    expect(first.released).toEqual(['e0']);
    expect(seq.isHolding()).toBe(true);
    const second = seq.accept([at(1)], 10);
    expect(second.released).toEqual(['e1', 'e2', 'e3']);
    expect(second.gaps).toEqual([]);
  });

  test('a hole still open after the grace period is reported as a gap and the held frames are released', () => {
    const seq = createSequencer<string>({ firstSeq: 0, graceMs: 100 });
    seq.accept([at(0), at(2), at(3)], 0);
    expect(seq.expire(50).gaps).toEqual([]);
    const out = seq.expire(150);
    expect(out.gaps).toEqual([{ scope: 'run', fromSeq: 1, toSeq: 1 }]);
    expect(out.released).toEqual(['e2', 'e3']);
  });

  test('overflowing the reorder window declares the gap without waiting', () => {
    const seq = createSequencer<string>({ firstSeq: 0, reorderWindow: 2 });
    const out = seq.accept([at(0), at(5), at(6), at(7)], 0);
    expect(out.gaps).toEqual([{ scope: 'run', fromSeq: 1, toSeq: 4 }]);
    expect(out.released).toEqual(['e0', 'e5', 'e6', 'e7']);
  });

  test('a late frame that fills a declared gap is released once, its repeat is a duplicate', () => {
    const seq = createSequencer<string>({ firstSeq: 0, reorderWindow: 1 });
    seq.accept([at(0), at(2), at(3)], 0);
    expect(seq.openHoles()).toBe(1);
    const fill = seq.accept([at(1), at(1)], 5);
    expect(fill.released).toEqual(['e1']);
    expect(fill.duplicates).toBe(1);
    expect(seq.openHoles()).toBe(0);
  });

  test('a first frame after the expected start is a gap from the start', () => {
    const seq = createSequencer<string>({ firstSeq: 0, reorderWindow: 0 });
    expect(seq.accept([at(3)], 0).gaps).toEqual([{ scope: 'run', fromSeq: 0, toSeq: 2 }]);
  });

  test('scopes count independently (one per connection epoch or intent)', () => {
    const seq = createSequencer<string>();
    const out = seq.accept([at(1, 'a'), at(1, 'b'), at(2, 'a'), at(2, 'b')], 0);
    expect(out.released).toEqual(['e1', 'e1', 'e2', 'e2']);
    expect(out.duplicates).toBe(0);
  });

  test('advanceTo skips what a snapshot covered, but a hole stays open for a replay to fill once', () => {
    const seq = createSequencer<string>({ firstSeq: 0, reorderWindow: 0 });
    seq.accept([at(0), at(4)], 0);
    seq.advanceTo('run', 6);
    // A snapshot restores state, not content: what it skipped may still come (resumed stream).
    expect(seq.openHoles()).toBe(5);
    const out = seq.accept([at(2), at(5), at(2), at(7), at(4)], 1);
    expect(out.released).toEqual(['e2', 'e5', 'e7']);
    expect(out.duplicates).toBe(2);
    expect(seq.nextSeq('run')).toBe(8);
  });

  test('advanceTo drops the held frames it covers, and their resend applies once (they are holes)', () => {
    const seq = createSequencer<string>({ firstSeq: 0, reorderWindow: 5 });
    seq.accept([at(0), at(2), at(3)], 0);
    seq.advanceTo('run', 3);
    expect(seq.isHolding()).toBe(false);
    const out = seq.accept([at(1), at(2), at(3), at(2), at(4)], 1);
    expect(out.released).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(out.duplicates).toBe(1);
  });

  test('holdOnGapMs: a gap is reported once and nothing past the hole applies until it is filled', () => {
    const seq = createSequencer<string>({ firstSeq: 0, reorderWindow: 2, graceMs: 100, holdOnGapMs: 1000 });
    const first = seq.accept([at(0), at(2), at(3), at(4)], 0);
    expect(first.released).toEqual(['e0']);
    expect(first.gaps).toEqual([{ scope: 'run', fromSeq: 1, toSeq: 1 }]);
    expect(seq.openHoles()).toBe(1);
    const later = seq.accept([at(5)], 10);
    expect([later.released, later.gaps]).toEqual([[], []]);
    expect(seq.expire(500)).toEqual({ released: [], duplicates: 0, gaps: [] });
    // The resync's copy of the hole comes: everything applies in order.
    expect(seq.accept([at(1)], 600).released).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(seq.openHoles()).toBe(0);
  });

  test('holdOnGapMs: a hole never filled is given up after the hold; a late copy still applies once', () => {
    const seq = createSequencer<string>({ firstSeq: 0, reorderWindow: 5, graceMs: 100, holdOnGapMs: 1000 });
    seq.accept([at(0), at(2)], 0);
    expect(seq.expire(150).gaps).toHaveLength(1);
    expect(seq.expire(900).released).toEqual([]);
    expect(seq.expire(1200).released).toEqual(['e2']);
    expect(seq.accept([at(1), at(1)], 1300).released).toEqual(['e1']);
  });

  test('releaseOnGap false: a gap releases nothing past the hole and closes the scope', () => {
    const seq = createSequencer<string>({ firstSeq: 1, reorderWindow: 1, releaseOnGap: false });
    const out = seq.accept([at(1, 'conn:0'), at(3, 'conn:0'), at(4, 'conn:0')], 0);
    expect(out.released).toEqual(['e1']);
    expect(out.gaps).toEqual([{ scope: 'conn:0', fromSeq: 2, toSeq: 2 }]);
    expect(seq.accept([at(2, 'conn:0'), at(5, 'conn:0')], 1).released).toEqual([]);
    seq.dropClosedScopes();
    expect(seq.accept([at(1, 'conn:1')], 2).released).toEqual(['e1']);
  });

  test('discardHeld lets go of frames held for a hole (a reconnect resends them)', () => {
    const seq = createSequencer<string>({ firstSeq: 0 });
    seq.accept([at(0), at(2), at(3)], 0);
    seq.discardHeld();
    expect(seq.isHolding()).toBe(false);
    expect(seq.accept([at(1), at(2), at(3)], 1).released).toEqual(['e1', 'e2', 'e3']);
  });

  test('frames without an order are deduped by identity', () => {
    const seq = createSequencer<string>();
    const out = seq.accept(
      [
        { identity: 'x', item: 'a' },
        { identity: 'x', item: 'a-again' },
        { identity: 'y', item: 'b' },
        { item: 'no-identity' },
      ],
      0,
    );
    expect(out.released).toEqual(['a', 'b', 'no-identity']);
    expect(out.duplicates).toBe(1);
  });

  test('the final order is the same whatever the delivery order', () => {
    const frames = Array.from({ length: 40 }, (_, i) => at(i));
    const shuffled = [...frames].sort((a, b) => ((a.order!.seq * 7919) % 13) - ((b.order!.seq * 7919) % 13));
    const seq = createSequencer<string>({ firstSeq: 0, reorderWindow: 64 });
    const out = seq.accept(shuffled, 0);
    expect(out.released).toEqual(frames.map((f) => f.item));
  });
});
