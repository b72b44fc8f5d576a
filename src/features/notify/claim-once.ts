/**
 * The election of the one tab that calls the person about something: every tab of this
 * browser that sees a new gate (or a run's end) asks to claim its key, and the Web Locks
 * API runs those claims one at a time across tabs, so exactly one finds the key absent
 * from the ledger and records it. Without Web Locks the claim runs unguarded: two tabs
 * racing in the same instant may both notify, nothing worse.
 */
import { claimInLedger, type KeyValueStorage } from '@/features/notify/notified-ledger';

export const CLAIM_LOCK_NAME = 'runboard.notify.claim';

type Locks = Pick<LockManager, 'request'>;

export type ClaimOnce = (key: string) => Promise<boolean>;

export function createClaimOnce(storage: KeyValueStorage | undefined, locks: Locks | undefined, now: () => number = Date.now): ClaimOnce {
  return async (key) => {
    if (!locks) return claimInLedger(storage, key, now());
    return locks.request(CLAIM_LOCK_NAME, () => claimInLedger(storage, key, now()));
  };
}
