/**
 * What the person asked to be called about, remembered in localStorage and shared by every
 * tab (a `storage` event carries a change made in another tab), plus the browser's own
 * permission as last seen. Every kind is off until the person turns it on; notification
 * permission is asked only by `turnOn`, which a click on a visible control calls.
 */
import { createStore, type StoreApi } from 'zustand';

import type { KeyValueStorage } from '@/features/notify/notified-ledger';

export const SETTINGS_STORAGE_KEY = 'runboard.notify.settings';

/** Which events call the person: a new gate, a watched run's failure, its success; and the sound. */
export type NoticeKind = 'gates' | 'runFailed' | 'runFinished' | 'sound';
export type NotifySettings = Readonly<Record<NoticeKind, boolean>>;
/** The browser's Notification permission, or that this browser has no notifications at all. */
export type Permission = NotificationPermission | 'unsupported';

export const NO_NOTICES: NotifySettings = { gates: false, runFailed: false, runFinished: false, sound: false };

/** The browser's notification API as far as the settings need it (a fake in unit tests). */
export type PermissionApi = Readonly<{ current: () => Permission; request: () => Promise<Permission> }>;

export type NotifySettingsState = Readonly<{
  settings: NotifySettings;
  permission: Permission;
  actions: Readonly<{
    /** Turns a kind on; a browser notification kind asks for permission first (call from a click only). */
    turnOn: (kind: NoticeKind) => Promise<void>;
    turnOff: (kind: NoticeKind) => void;
    /** Re-reads storage and permission (another tab changed them, or the browser's site settings did). */
    refresh: () => void;
  }>;
}>;
export type NotifySettingsStore = StoreApi<NotifySettingsState>;

export function createNotifySettingsStore(storage: KeyValueStorage | undefined, api: PermissionApi): NotifySettingsStore {
  return createStore<NotifySettingsState>()((set, get) => {
    const save = (settings: NotifySettings) => {
      set({ settings });
      try {
        storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
      } catch {
        // full or disabled storage: kept for this visit only
      }
    };
    return {
      settings: readSettings(storage),
      permission: api.current(),
      actions: {
        turnOn: async (kind) => {
          if (kind !== 'sound' && get().permission !== 'granted') {
            const permission = await api.request();
            set({ permission });
            if (permission !== 'granted') return;
          }
          save({ ...get().settings, [kind]: true });
        },
        turnOff: (kind) => save({ ...get().settings, [kind]: false }),
        refresh: () => set({ settings: readSettings(storage), permission: api.current() }),
      },
    };
  });
}

/** The stored settings, each one a boolean whatever the stored text holds; anything else is off. */
export function readSettings(storage: KeyValueStorage | undefined): NotifySettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
  } catch {
    return NO_NOTICES;
  }
  if (typeof parsed !== 'object' || parsed === null) return NO_NOTICES;
  const stored = parsed as Partial<Record<NoticeKind, unknown>>;
  return {
    gates: stored.gates === true,
    runFailed: stored.runFailed === true,
    runFinished: stored.runFinished === true,
    sound: stored.sound === true,
  };
}

/** Whether a browser notification of `kind` may be shown now: the person wants it and the browser allows it. */
export function wantsNotification(state: Pick<NotifySettingsState, 'settings' | 'permission'>, kind: Exclude<NoticeKind, 'sound'>): boolean {
  return state.settings[kind] && state.permission === 'granted';
}

const browserPermission: PermissionApi = {
  current: () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission),
  request: () => (typeof Notification === 'undefined' ? Promise.resolve('unsupported') : Notification.requestPermission()),
};

export const notifySettingsStore: NotifySettingsStore = createNotifySettingsStore(typeof localStorage === 'undefined' ? undefined : localStorage, browserPermission);

if (typeof window !== 'undefined') {
  // Another tab changed the settings, or the person came back from the browser's site settings.
  window.addEventListener('storage', (event) => {
    if (event.key === SETTINGS_STORAGE_KEY) notifySettingsStore.getState().actions.refresh();
  });
  window.addEventListener('focus', () => notifySettingsStore.getState().actions.refresh());
}
