/**
 * Calls the person about what the tab sees, once per browser. Every tab runs one notifier;
 * each `sync` hands it the gates waiting and the runs followed in that tab. For each new
 * gate (or watched run that ended) the tabs elect one caller through `claim` (a cross-tab
 * lock over the persisted ledger): a tab the person is looking at claims at once and stays
 * quiet (they see it already); a tab in the background waits a moment, so a tab in front
 * wins, then notifies and, when asked, chimes. The winner keeps its Notification by tag;
 * a gate that closes anywhere is withdrawn over a BroadcastChannel and every tab closes its
 * copy. Clicking a notification focuses its tab and asks the tab's opener to open the gate.
 */
import type { ClaimOnce } from '@/features/notify/claim-once';
import { deriveNotices, NOTHING_SEEN, runEndNoticeKey, type GateSighting, type RunEnd, type RunSighting, type Sightings } from '@/features/notify/derive-notices';
import { wantsNotification, type NotifySettingsStore } from '@/features/notify/notify-settings-store';

/** How long a background tab lets a tab in front claim first. */
export const BACKGROUND_GRACE_MS = 400;
export const CHANNEL_NAME = 'runboard.notify';

export type NotificationLike = { onclick: ((event: Event) => void) | null; close: () => void };
export type ChannelLike = Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((event: MessageEvent) => void) | null };

export type NotifierDeps = Readonly<{
  settings: NotifySettingsStore;
  claim: ClaimOnce;
  channel: ChannelLike | undefined;
  notify: ((title: string, options: NotificationOptions) => NotificationLike) | undefined;
  /** Whether the person is looking at this tab now (visible and focused). */
  attended: () => boolean;
  focusTab: () => void;
  chime: () => void;
  wait: (ms: number) => Promise<void>;
}>;

export type Notifier = Readonly<{
  sync: (gates: readonly GateSighting[], runs: readonly RunSighting[]) => void;
  /** What a click on a gate's notification opens; the mounted inbox sets it. */
  setOpener: (open: ((gateKey: string) => void) | undefined) => void;
  dispose: () => void;
}>;

type Notice = Readonly<{ key: string; title: string; body: string; wanted: 'gates' | RunEnd['kind']; stillDue: () => boolean; onClick?: () => void }>;

export function createNotifier(deps: NotifierDeps): Notifier {
  let seen: Sightings = NOTHING_SEEN;
  let opener: ((gateKey: string) => void) | undefined;
  const shown = new Map<string, NotificationLike>();

  const withdraw = (key: string, tellOthers: boolean) => {
    shown.get(key)?.close();
    shown.delete(key);
    if (tellOthers) deps.channel?.postMessage({ type: 'withdraw', key });
  };
  if (deps.channel) {
    deps.channel.onmessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (isWithdraw(data)) withdraw(data.key, false);
    };
  }

  const announce = async (notice: Notice) => {
    if (!deps.attended()) await deps.wait(BACKGROUND_GRACE_MS);
    if (!notice.stillDue()) return;
    const attended = deps.attended();
    const state = deps.settings.getState();
    const wantsPopup = wantsNotification(state, notice.wanted) && deps.notify !== undefined;
    const wantsSound = state.settings.sound && (notice.wanted === 'gates' || wantsPopup);
    // Looking at this tab: claim it quietly so no other tab calls about what is on screen here.
    if (!attended && !wantsPopup && !wantsSound) return;
    if (!(await deps.claim(notice.key)) || attended || !notice.stillDue()) return;
    if (wantsPopup) show(notice);
    if (wantsSound) deps.chime();
  };

  const show = (notice: Notice) => {
    const popup = deps.notify!(notice.title, { body: notice.body, tag: notice.key });
    popup.onclick = (event) => {
      event.preventDefault();
      deps.focusTab();
      notice.onClick?.();
      withdraw(notice.key, false);
    };
    shown.set(notice.key, popup);
  };

  return {
    sync(gates, runs) {
      const notices = deriveNotices(seen, gates, runs);
      seen = notices.next;
      for (const key of notices.closed) withdraw(key, true);
      for (const gate of notices.opened) void announce(gateNotice(gate, () => seen.gates.has(gate.key), () => opener?.(gate.key)));
      for (const end of notices.ended) void announce(runEndNotice(end));
    },
    setOpener(open) {
      opener = open;
    },
    dispose() {
      for (const popup of shown.values()) popup.close();
      shown.clear();
      deps.channel?.close();
    },
  };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function gateNotice(gate: GateSighting, stillDue: () => boolean, onClick: () => void): Notice {
  return {
    key: gate.key,
    title: `Gate waiting: ${clip(gate.question, 120)}`,
    body: `Run: ${clip(gate.runLabel, 160)}\nClick to answer it in Runboard.`,
    wanted: 'gates',
    stillDue,
    onClick,
  };
}

function runEndNotice({ kind, run }: RunEnd): Notice {
  const verb = kind === 'runFailed' ? 'failed' : run.status === 'cancelled' ? 'was cancelled' : 'finished';
  return {
    key: runEndNoticeKey(run.key, run.status),
    title: `Run ${verb}: ${clip(run.runLabel, 120)}`,
    body: run.error ? clip(run.error, 200) : 'Click to open Runboard.',
    wanted: kind,
    stillDue: () => true,
  };
}

function isWithdraw(data: unknown): data is { type: 'withdraw'; key: string } {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'withdraw' && typeof (data as { key?: unknown }).key === 'string';
}
