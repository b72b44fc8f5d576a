import { describe, expect, test } from 'vitest';

import { createClaimOnce } from '@/features/notify/claim-once';
import { createNotifier, type ChannelLike, type NotificationLike, type NotifierDeps } from '@/features/notify/notifier';
import { createNotifySettingsStore, type NotifySettings, type Permission } from '@/features/notify/notify-settings-store';

/** A BroadcastChannel stand-in: every channel of one bus hears the others, never itself. */
function bus() {
  const members: ChannelLike[] = [];
  return () => {
    const channel: ChannelLike = {
      onmessage: null,
      postMessage: (data: unknown) => members.filter((m) => m !== channel).forEach((m) => m.onmessage?.({ data } as MessageEvent)),
      close: () => undefined,
    };
    members.push(channel);
    return channel;
  };
}

type Shown = { title: string; options: NotificationOptions; closed: boolean; popup: NotificationLike };

function storage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

function tab(shared: { storage: ReturnType<typeof storage>; channel: () => ChannelLike }, options: { attended?: boolean; settings?: Partial<NotifySettings>; permission?: Permission } = {}) {
  const shown: Shown[] = [];
  const events: string[] = [];
  const settings = createNotifySettingsStore(shared.storage, { current: () => options.permission ?? 'granted', request: () => Promise.resolve('granted') });
  settings.setState({ settings: { gates: true, runFailed: false, runFinished: false, sound: false, ...options.settings } });
  const state = { attended: options.attended ?? false };
  const deps: NotifierDeps = {
    settings,
    claim: createClaimOnce(shared.storage, undefined),
    channel: shared.channel(),
    notify: (title, opts) => {
      const entry: Shown = { title, options: opts, closed: false, popup: { onclick: null, close: () => void (entry.closed = true) } };
      shown.push(entry);
      return entry.popup;
    },
    attended: () => state.attended,
    focusTab: () => events.push('focus'),
    chime: () => events.push('chime'),
    wait: () => Promise.resolve(),
  };
  const notifier = createNotifier(deps);
  notifier.setOpener((key) => events.push(`open ${key}`));
  return { notifier, shown, events, state };
}

const gate = { key: 'gate|relavium|http://b|run-1|g1', question: 'Deploy?', runLabel: 'Deploy · Relavium · run-1' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('notifier', () => {
  test('a background tab notifies a new gate once, with the question and the run; a reload does not call again', async () => {
    const shared = { storage: storage(), channel: bus() };
    const first = tab(shared);
    first.notifier.sync([gate], []);
    first.notifier.sync([gate], []);
    await settle();
    expect(first.shown.map((s) => [s.title, s.options.body, s.options.tag])).toEqual([['Gate waiting: Deploy?', 'Run: Deploy · Relavium · run-1\nClick to answer it in Runboard.', gate.key]]);
    const reloaded = tab(shared);
    reloaded.notifier.sync([gate], []);
    await settle();
    expect(reloaded.shown).toEqual([]);
  });

  test('two tabs that see the same gate notify once between them', async () => {
    const shared = { storage: storage(), channel: bus() };
    const a = tab(shared);
    const b = tab(shared);
    a.notifier.sync([gate], []);
    b.notifier.sync([gate], []);
    await settle();
    expect(a.shown.length + b.shown.length).toBe(1);
  });

  test('a tab the person looks at claims the gate quietly: no tab notifies', async () => {
    const shared = { storage: storage(), channel: bus() };
    const front = tab(shared, { attended: true });
    const back = tab(shared);
    front.notifier.sync([gate], []);
    back.notifier.sync([gate], []);
    await settle();
    expect([...front.shown, ...back.shown]).toEqual([]);
  });

  test('a gate closed in another tab withdraws the notification', async () => {
    const shared = { storage: storage(), channel: bus() };
    const holder = tab(shared);
    const other = tab(shared, { attended: true });
    holder.notifier.sync([gate], []);
    await settle();
    other.notifier.sync([gate], []);
    other.notifier.sync([], []);
    expect(holder.shown[0]?.closed).toBe(true);
  });

  test('a click focuses the tab, opens the gate and closes the notification', async () => {
    const t = tab({ storage: storage(), channel: bus() }, { settings: { sound: true } });
    t.notifier.sync([gate], []);
    await settle();
    t.shown[0]?.popup.onclick?.(new Event('click'));
    expect(t.events).toEqual(['chime', 'focus', `open ${gate.key}`]);
    expect(t.shown[0]?.closed).toBe(true);
  });

  test('without permission nothing is shown; the sound alone may still play', async () => {
    const denied = tab({ storage: storage(), channel: bus() }, { permission: 'denied', settings: { sound: true } });
    denied.notifier.sync([gate], []);
    await settle();
    expect(denied.shown).toEqual([]);
    expect(denied.events).toEqual(['chime']);
  });

  test('a watched run that fails notifies only when asked, and only after it was seen running', async () => {
    const run = { key: 'relavium|http://b|run-1', runLabel: 'Deploy · Relavium · run-1' };
    const off = tab({ storage: storage(), channel: bus() });
    off.notifier.sync([], [{ ...run, status: 'running' }]);
    off.notifier.sync([], [{ ...run, status: 'failed', error: 'rate limited' }]);
    const on = tab({ storage: storage(), channel: bus() }, { settings: { runFailed: true } });
    on.notifier.sync([], [{ ...run, status: 'failed' }]);
    on.notifier.sync([], [{ ...run, status: 'running' }]);
    on.notifier.sync([], [{ ...run, status: 'failed', error: 'rate limited' }]);
    await settle();
    expect(off.shown).toEqual([]);
    expect(on.shown.map((s) => [s.title, s.options.body])).toEqual([['Run failed: Deploy · Relavium · run-1', 'rate limited']]);
  });
});
