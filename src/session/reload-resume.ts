/**
 * What a reloaded tab needs to resume the live run it had (Dialect.keptForReload: myagent's
 * latest `signed_state` and its session id). Kept in THIS tab's sessionStorage under the
 * run's registry key (the same link after a reload gives the same key), never in a URL, a
 * recording or a log. A token is replaced as the server hands out newer ones; a tab closed
 * takes it along (sessionStorage). Guarded by tests/e2e/myagent-reload.spec.ts.
 */
import type { Memo } from '@/protocol/dialect';

const PREFIX = 'runboard.resume.';

function storage(): Storage | undefined {
  // No sessionStorage outside a browser (Node tests, workers): nothing is kept.
  return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
}

/** The kept memo for this run key, when every key the dialect needs is there. */
export function keptResume(runKey: string, keys: readonly string[] | undefined): Memo | undefined {
  if (!keys || keys.length === 0) return undefined;
  const text = storage()?.getItem(PREFIX + runKey);
  if (!text) return undefined;
  try {
    const kept = JSON.parse(text) as unknown;
    if (typeof kept !== 'object' || kept === null) return undefined;
    return keys.every((key) => key in kept) ? (kept as Memo) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the dialect's keys of `memo` once all are known (a quota error keeps nothing, and breaks nothing). */
export function keepResume(runKey: string, keys: readonly string[], memo: Memo): void {
  if (!keys.every((key) => memo[key] !== undefined)) return;
  const kept = Object.fromEntries(keys.map((key) => [key, memo[key]]));
  try {
    storage()?.setItem(PREFIX + runKey, JSON.stringify(kept));
  } catch {
    // Full or disabled storage: a reload then starts from the form, as before.
  }
}
