/**
 * Everything that calls the person's attention to this tab, for the inbox button to mount
 * once per page: the count of gates waiting in the title and on the icon, and the
 * notifier fed with this tab's live runs. `openGate` is what a notification's click opens.
 */
import { useEffect, useRef } from 'react';

import type { RunSession } from '@/stores/run-session';

import { gateKeyOf, watchSightings } from '@/features/notify/session-sightings';
import { tabFaviconBadge, tabNotifier } from '@/features/notify/tab-notifier';

type Pending = Readonly<{ session: RunSession; gate: Readonly<{ gateId: string }> }>;

export const PLAIN_TITLE = 'Runboard';

export function useTabAttention<T extends Pending>(sessions: readonly RunSession[], pending: readonly T[], openGate: (entry: T) => void): void {
  const latest = useRef({ pending, openGate });
  useEffect(() => {
    latest.current = { pending, openGate };
  });

  useEffect(() => {
    document.title = pending.length > 0 ? `(${pending.length}) ${PLAIN_TITLE}` : PLAIN_TITLE;
    tabFaviconBadge().show(pending.length);
  }, [pending.length]);

  useEffect(() => {
    const notifier = tabNotifier();
    notifier.setOpener((key) => {
      const entry = latest.current.pending.find((e) => gateKeyOf(e.session, e.gate.gateId) === key);
      if (entry) latest.current.openGate(entry);
    });
    const stop = watchSightings(sessions, ({ gates, runs }) => notifier.sync(gates, runs));
    return () => {
      stop();
      notifier.setOpener(undefined);
    };
  }, [sessions]);
}
