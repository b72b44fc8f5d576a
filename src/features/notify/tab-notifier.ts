/**
 * This tab's one notifier and icon badge, built on first use with the browser's real parts:
 * Notification, BroadcastChannel, Web Locks, localStorage, the WebAudio chime. Module
 * singletons because they belong to the tab, not to a mounted view: the inbox button
 * mounts again on every page change, the tab's memory of what it saw must not.
 */
import { playChime, unlockChime } from '@/features/notify/chime';
import { createClaimOnce } from '@/features/notify/claim-once';
import { createFaviconBadge, type FaviconBadge } from '@/features/notify/favicon-badge';
import { CHANNEL_NAME, createNotifier, type Notifier } from '@/features/notify/notifier';
import { notifySettingsStore } from '@/features/notify/notify-settings-store';

let notifier: Notifier | undefined;
let badge: FaviconBadge | undefined;

export function tabNotifier(): Notifier {
  if (notifier) return notifier;
  // The browser lets a page make sound only after a gesture: any click in the tab unlocks the chime.
  window.addEventListener('pointerdown', () => notifySettingsStore.getState().settings.sound && unlockChime(), { capture: true });
  notifier = createNotifier({
    settings: notifySettingsStore,
    claim: createClaimOnce(safeLocalStorage(), 'locks' in navigator ? navigator.locks : undefined),
    channel: typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL_NAME),
    notify: typeof Notification === 'undefined' ? undefined : (title, options) => new Notification(title, options),
    attended: () => document.visibilityState === 'visible' && document.hasFocus(),
    focusTab: () => window.focus(),
    chime: playChime,
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  return notifier;
}

export function tabFaviconBadge(): FaviconBadge {
  badge ??= createFaviconBadge(document);
  return badge;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}
