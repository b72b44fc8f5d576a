import { describe, expect, test } from 'vitest';

import { createNotifySettingsStore, readSettings, SETTINGS_STORAGE_KEY, type Permission } from '@/features/notify/notify-settings-store';

function storage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

function permissionApi(start: Permission, answer: Permission) {
  const api = { asked: 0, now: start, current: () => api.now, request: () => ((api.asked += 1), (api.now = answer), Promise.resolve(answer)) };
  return api;
}

describe('notify settings', () => {
  test('everything is off until the person turns it on; nothing asks for permission on creation', () => {
    const api = permissionApi('default', 'granted');
    const store = createNotifySettingsStore(storage(), api);
    expect(store.getState().settings).toEqual({ gates: false, runFailed: false, runFinished: false, sound: false });
    expect(api.asked).toBe(0);
  });

  test('turning a notification on asks permission, and is remembered when granted', async () => {
    const kept = storage();
    const api = permissionApi('default', 'granted');
    await createNotifySettingsStore(kept, api).getState().actions.turnOn('gates');
    expect(api.asked).toBe(1);
    expect(createNotifySettingsStore(kept, api).getState().settings.gates).toBe(true);
  });

  test('a refusal leaves it off and says so', async () => {
    const store = createNotifySettingsStore(storage(), permissionApi('default', 'denied'));
    await store.getState().actions.turnOn('runFailed');
    expect(store.getState()).toMatchObject({ permission: 'denied', settings: { runFailed: false } });
  });

  test('the sound needs no permission; turning off is remembered', async () => {
    const kept = storage();
    const api = permissionApi('default', 'denied');
    const store = createNotifySettingsStore(kept, api);
    await store.getState().actions.turnOn('sound');
    expect(api.asked).toBe(0);
    store.getState().actions.turnOff('sound');
    expect(readSettings(kept).sound).toBe(false);
  });

  test('stored text that is not settings reads as all off', () => {
    for (const bad of ['nope', 'null', '{"gates":"yes"}']) expect(readSettings(storage({ [SETTINGS_STORAGE_KEY]: bad })).gates).toBe(false);
  });
});
