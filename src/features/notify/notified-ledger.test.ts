import { describe, expect, test } from 'vitest';

import { createClaimOnce } from '@/features/notify/claim-once';
import { claimInLedger, LEDGER_MAX_KEYS, LEDGER_STORAGE_KEY, readLedger } from '@/features/notify/notified-ledger';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('notified ledger', () => {
  test('a key is claimed once; a second claim, as after a reload, is refused', () => {
    const storage = memoryStorage();
    expect(claimInLedger(storage, 'gate:a', 1_000)).toBe(true);
    expect(claimInLedger(storage, 'gate:a', 2_000)).toBe(false);
    expect(claimInLedger(storage, 'gate:b', 2_000)).toBe(true);
  });

  test('an expired key may be claimed again and is dropped from storage', () => {
    const storage = memoryStorage();
    claimInLedger(storage, 'old', 0, 10);
    expect(readLedger(storage, 5)).toHaveProperty('old');
    expect(readLedger(storage, 11)).toEqual({});
    expect(claimInLedger(storage, 'old', 11, 10)).toBe(true);
  });

  test('stored text that is not a ledger reads as empty and is replaced', () => {
    for (const bad of ['not json', '[1,2]', 'null', '{"k":"soon"}']) {
      const storage = memoryStorage({ [LEDGER_STORAGE_KEY]: bad });
      expect(readLedger(storage, 0)).toEqual({});
      expect(claimInLedger(storage, 'k', 0)).toBe(true);
    }
  });

  test('keeps at most LEDGER_MAX_KEYS, dropping the ones that expire first', () => {
    const storage = memoryStorage();
    for (let i = 0; i <= LEDGER_MAX_KEYS; i++) claimInLedger(storage, `k${i}`, i);
    const live = readLedger(storage, 0);
    expect(Object.keys(live)).toHaveLength(LEDGER_MAX_KEYS);
    expect(live).not.toHaveProperty('k0');
    expect(live).toHaveProperty(`k${LEDGER_MAX_KEYS}`);
  });

  test('a storage that throws still lets this tab claim', () => {
    const storage = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    expect(claimInLedger(storage, 'k', 0)).toBe(true);
  });
});

describe('claim once', () => {
  test('runs each claim under the cross-tab lock', async () => {
    const storage = memoryStorage();
    const names: string[] = [];
    const locks = { request: (name: string, cb: () => unknown) => (names.push(name), Promise.resolve(cb())) } as unknown as LockManager;
    const claim = createClaimOnce(storage, locks, () => 0);
    await expect(Promise.all([claim('g'), claim('g')])).resolves.toEqual([true, false]);
    expect(names).toEqual(['runboard.notify.claim', 'runboard.notify.claim']);
  });
});
