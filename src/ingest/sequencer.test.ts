import { describe, expect, test } from 'vitest';

import { createSequencer, type Sequenced } from '@/ingest/sequencer';

const at = (seq: number, scope = 'run'): Sequenced<string> => ({ order: { scope, seq }, item: `e${seq}` });
const hole = (fromSeq: number, toSeq: number, missing = toSeq - fromSeq + 1, scope = 'run') => ({ scope, fromSeq, toSeq, missing });

describe('sequencer', () => {
  test('releases in-order frames at once', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0 });
    expect(seq.admit([at(0), at(1), at(2)], 0).released).toEqual(['e0', 'e1', 'e2']);
  });

  test('drops a frame delivered twice, even three times', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0 });
    const out = seq.admit([at(0), at(1), at(1), at(0), at(1)], 0);
    expect(out.released).toEqual(['e0', 'e1']);
    expect(out.duplicates).toBe(3);
  });

  test('puts frames reordered within the window back in order, with no hole reported', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0, reorderWindow: 5 });
    expect(seq.admit([at(0), at(3), at(2)], 0).released).toEqual(['e0']);
    expect(seq.nextDeadlineMs()).toBe(750);
    const second = seq.admit([at(1)], 10);
    expect(second.released).toEqual(['e1', 'e2', 'e3']);
    expect([second.opened, second.filled]).toEqual([[], []]);
    expect(seq.nextDeadlineMs()).toBeUndefined();
  });

  test('lost hole: declared after the grace, then what follows waits for the refill, which releases it all in order', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0, graceMs: 100, refillWaitMs: 1000 });
    seq.admit([at(0), at(2), at(3)], 0);
    expect(seq.expire(50).opened).toEqual([]);
    const declared = seq.expire(150);
    expect(declared.opened).toEqual([hole(1, 1)]);
    expect(declared.released).toEqual([]);
    expect(seq.isWaiting()).toBe(true);
    expect(seq.admit([at(4)], 200).released).toEqual([]);
    const refilled = seq.admit([at(1)], 600);
    expect(refilled.released).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(refilled.filled).toEqual([hole(1, 1)]);
    expect(seq.isWaiting()).toBe(false);
  });

  test('lost hole never refilled: given up after the wait, everything held goes in order, one report; a late copy still applies once', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0, reorderWindow: 1, refillWaitMs: 1000 });
    expect(seq.admit([at(0), at(2), at(4), at(5)], 0).opened).toEqual([hole(1, 1)]);
    expect(seq.expire(900).released).toEqual([]);
    expect(seq.nextDeadlineMs()).toBe(1000);
    const given = seq.expire(1000);
    expect(given.released).toEqual(['e2', 'e4', 'e5']);
    // Small holes below the held frames are one report, not a refill each (a late-opened Shannon run).
    expect(given.unfilled).toEqual([hole(1, 3, 2)]);
    const late = seq.admit([at(3), at(3), at(1)], 1100);
    expect(late.released).toEqual(['e3', 'e1']);
    expect(late.duplicates).toBe(1);
  });

  test('overflowing the reorder window declares the hole without waiting for the grace', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0, reorderWindow: 2 });
    const out = seq.admit([at(0), at(5), at(6), at(7)], 0);
    expect(out.opened).toEqual([hole(1, 4)]);
    expect(out.released).toEqual(['e0']);
  });

  test('normal holes (the server skips numbers): a full window passes the lowest hole only, never waits for a refill', () => {
    const seq = createSequencer<string>({ holes: 'normal', firstSeq: 1, reorderWindow: 1, graceMs: 100 });
    const out = seq.admit([at(1), at(3), at(6)], 0);
    expect(out.released).toEqual(['e1', 'e3']);
    expect(out.skipped).toEqual([hole(2, 2)]);
    expect(out.opened).toEqual([]);
    // 4 was only late: it still comes in order, and what waits after it follows once the grace says 5 is gone.
    expect(seq.admit([at(4)], 1).released).toEqual(['e4']);
    const after = seq.expire(100);
    expect(after.released).toEqual(['e6']);
    expect(after.skipped).toEqual([hole(5, 5)]);
  });

  test('normal holes: a frame delivered after later ones (a coalesced partial answer) is read in order when it comes within the grace', () => {
    const seq = createSequencer<string>({ holes: 'normal', firstSeq: 1, reorderWindow: 5, graceMs: 150 });
    // 2, 4 and 6 were coalesced away for good; 9 arrives after 10.
    const first = seq.admit([at(1), at(3), at(5), at(7), at(8), at(10), at(11)], 0);
    expect(first.released).toEqual(['e1', 'e3']);
    expect(seq.admit([at(9)], 50).released).toEqual(['e5']);
    expect(seq.expire(150).released).toEqual(['e7', 'e8', 'e9', 'e10', 'e11']);
  });

  test('normal holes: a frame after a hole waits only the grace', () => {
    const seq = createSequencer<string>({ holes: 'normal', firstSeq: 1, graceMs: 100 });
    expect(seq.admit([at(1), at(3)], 0).released).toEqual(['e1']);
    const out = seq.expire(100);
    expect(out.released).toEqual(['e3']);
    expect(out.skipped).toEqual([hole(2, 2)]);
  });

  test('normal holes: the wait is counted from the frame right after the hole, so a frame that arrived early never makes the deadline spin', () => {
    const seq = createSequencer<string>({ holes: 'normal', firstSeq: 1, graceMs: 150 });
    seq.admit([at(1), at(4)], 0);
    seq.admit([at(3)], 100);
    expect(seq.nextDeadlineMs()).toBe(250);
    expect(seq.expire(150).released).toEqual([]);
    expect(seq.expire(250).released).toEqual(['e3', 'e4']);
  });

  test('a first frame after the expected start is a hole from the start', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0, reorderWindow: 0 });
    expect(seq.admit([at(3)], 0).opened).toEqual([hole(0, 2)]);
  });

  test('scopes count independently (one per connection or intent)', () => {
    const seq = createSequencer<string>({ holes: 'lost' });
    const out = seq.admit([at(1, 'a'), at(1, 'b'), at(2, 'a'), at(2, 'b')], 0);
    expect(out.released).toEqual(['e1', 'e1', 'e2', 'e2']);
    expect(out.duplicates).toBe(0);
  });

  test('advanceTo moves past what a snapshot covered, releases what waited after it, and keeps the skipped seqs as holes a resend fills once', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0, reorderWindow: 5 });
    seq.admit([at(0), at(2), at(3), at(7)], 0);
    const out = seq.advanceTo('run', 5);
    expect(out.released).toEqual([]);
    expect(seq.admit([at(6)], 1).released).toEqual(['e6', 'e7']);
    const resend = seq.admit([at(1), at(2), at(3), at(2), at(5), at(8)], 2);
    expect(resend.released).toEqual(['e1', 'e2', 'e3', 'e5', 'e8']);
    expect(resend.duplicates).toBe(1);
  });

  test('advanceTo past a waited-for hole reports it filled', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0, reorderWindow: 0 });
    seq.admit([at(0), at(3)], 0);
    const out = seq.advanceTo('run', 2);
    expect(out.filled).toEqual([hole(1, 2)]);
    expect(out.released).toEqual(['e3']);
  });

  test('discardHeld lets go of what waits (a new connection resends it); a waited-for hole is still reported filled by the resend', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0, reorderWindow: 1 });
    seq.admit([at(0), at(2), at(3)], 0);
    expect(seq.isWaiting()).toBe(true);
    seq.discardHeld();
    expect(seq.nextDeadlineMs()).toBeUndefined();
    const resent = seq.admit([at(1), at(2), at(3)], 1);
    expect(resent.released).toEqual(['e1', 'e2', 'e3']);
    expect(resent.filled).toEqual([hole(1, 1)]);
  });

  test('frames without an order are deduped by identity', () => {
    const seq = createSequencer<string>({ holes: 'normal' });
    const out = seq.admit([{ identity: 'x', item: 'a' }, { identity: 'x', item: 'a-again' }, { identity: 'y', item: 'b' }, { item: 'no-identity' }], 0);
    expect(out.released).toEqual(['a', 'b', 'no-identity']);
    expect(out.duplicates).toBe(1);
  });

  test('a frame without an order that arrives while ordered ones wait keeps its place behind them', () => {
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0, reorderWindow: 5 });
    seq.admit([at(0), at(2)], 0);
    expect(seq.admit([{ item: 'done' }], 1).released).toEqual([]);
    expect(seq.admit([at(1)], 2).released).toEqual(['e1', 'e2', 'done']);
  });

  test('the final order is the same whatever the delivery order', () => {
    const frames = Array.from({ length: 40 }, (_, i) => at(i));
    const shuffled = [...frames].sort((a, b) => ((a.order!.seq * 7919) % 13) - ((b.order!.seq * 7919) % 13));
    const seq = createSequencer<string>({ holes: 'lost', firstSeq: 0, reorderWindow: 64 });
    expect(seq.admit(shuffled, 0).released).toEqual(frames.map((f) => f.item));
  });
});
