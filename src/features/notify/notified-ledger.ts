/**
 * What this browser has already called the person about, kept in localStorage so a reload
 * or a second tab does not call again. Each key carries its expiry: a gate waits hours at
 * most in practice, and the list must not grow for ever. Bounded both ways (age and size).
 * A storage that throws (full, disabled) costs only the memory across reloads.
 */
export const LEDGER_STORAGE_KEY = 'runboard.notified';
/** How long a key is remembered: long enough to outlive any reload, short enough to stay small. */
export const LEDGER_TTL_MS = 24 * 60 * 60 * 1000;
export const LEDGER_MAX_KEYS = 500;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;
type Entries = Record<string, number>;

/** The ledger's live keys (expiry in the future), whatever the stored text holds. */
export function readLedger(storage: KeyValueStorage | undefined, nowMs: number): Entries {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(LEDGER_STORAGE_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const live: Entries = {};
  for (const [key, expiresAtMs] of Object.entries(parsed)) {
    if (typeof expiresAtMs === 'number' && expiresAtMs > nowMs) live[key] = expiresAtMs;
  }
  return live;
}

/**
 * Records `key` unless it is there already; true when this call recorded it (the caller
 * notifies). Read and write must run under one cross-tab lock (claim-once.ts) to be exclusive.
 */
export function claimInLedger(storage: KeyValueStorage | undefined, key: string, nowMs: number, ttlMs = LEDGER_TTL_MS): boolean {
  const live = readLedger(storage, nowMs);
  if (key in live) return false;
  live[key] = nowMs + ttlMs;
  const kept = Object.entries(live)
    .sort((a, b) => b[1] - a[1])
    .slice(0, LEDGER_MAX_KEYS);
  try {
    storage?.setItem(LEDGER_STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // full or disabled storage: this tab still notifies once, other tabs may not know
  }
  return true;
}
