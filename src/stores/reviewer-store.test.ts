import { describe, expect, test } from 'vitest';

import { cleanName, createReviewerStore, deciderLabel, REVIEWER_STORAGE_KEY, shownDecider } from '@/stores/reviewer-store';
import type { GateState } from '@/stores/run-types';

const gate = (status: GateState['status'], decidedBy?: string): GateState => ({
  gateId: 'g',
  runId: 'r',
  kind: 'approval',
  message: 'Deploy?',
  options: [],
  acceptsText: false,
  answerable: true,
  openedAtMs: 0,
  row: 0,
  status,
  resolution: { decision: 'approved', ...(decidedBy ? { decidedBy } : {}) },
});
const sent = { phase: 'sent', choice: 'Approve', atMs: 0 } as const;

describe('who decided, by one rule', () => {
  test('our own decision: the name the person set, else "you, from this browser"', () => {
    expect(deciderLabel(undefined)).toBe('you, from this browser');
    expect(deciderLabel('Alice')).toBe('Alice');
    // whatever the backend echoed for it (relavium our wire name, Shannon its own, AG-UI nobody)
    for (const echoed of ['runboard-user', 'api-user', undefined]) {
      expect(shownDecider(gate('resolved', echoed), sent, undefined)).toBe('you, from this browser');
      expect(shownDecider(gate('resolved', echoed), sent, 'Alice')).toBe('Alice');
    }
  });

  test("a decision made elsewhere keeps the backend's name; a timeout or cancel names nobody", () => {
    expect(shownDecider(gate('resolved', 'another-reviewer'), undefined, 'Alice')).toBe('another-reviewer');
    expect(shownDecider(gate('resolved', 'timeout'), undefined, undefined)).toBeUndefined();
    expect(shownDecider(gate('timed_out', 'timeout'), sent, undefined)).toBeUndefined();
    expect(shownDecider(gate('cancelled'), sent, undefined)).toBeUndefined();
    // an answer still sending or that failed did not decide it
    expect(shownDecider(gate('resolved', 'bob'), { phase: 'failed', choice: 'Approve', atMs: 0, reason: 'x' }, undefined)).toBe('bob');
  });

  test('a name is trimmed to one bounded line; blank is no name', () => {
    expect(cleanName('  Alice \n Example ')).toBe('Alice Example');
    expect(cleanName('   ')).toBeUndefined();
    expect(cleanName('x'.repeat(500))?.length).toBe(80);
  });
});

describe('createReviewerStore', () => {
  test('reads and keeps the name; a throwing storage costs persistence only', () => {
    const map = new Map<string, string>([[REVIEWER_STORAGE_KEY, ' Bob ']]);
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
    const store = createReviewerStore(storage);
    expect(store.getState().name).toBe('Bob');
    store.getState().setName('Carol');
    expect(map.get(REVIEWER_STORAGE_KEY)).toBe('Carol');
    store.getState().setName('');
    expect(map.has(REVIEWER_STORAGE_KEY)).toBe(false);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => { throw new Error('full'); } };
    const kept = createReviewerStore(broken);
    expect(kept.getState().name).toBeUndefined();
    kept.getState().setName('Dan');
    expect(kept.getState().name).toBe('Dan');
  });
});
