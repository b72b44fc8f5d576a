import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { useSessionRegistry } from '@/app/session/session-registry';
import { Button } from '@/components/ui/button';
import { MountOnceOpened } from '@/components/ui/mount-once-opened';
import { preloadable } from '@/components/ui/preloadable';
import { prefetchWhenIdle } from '@/lib/prefetch-when-idle';
import { UNNAMED_WIRE_NAME, useReviewerName } from '@/stores/reviewer-store';
import { RunSessionContext, type RunSession } from '@/stores/run-session';

import { GateConfirmation } from '@/features/gates/gate-confirmation';
import { useInboxGates, type InboxEntry } from '@/features/gates/use-inbox-gates';
import { NotifySettingsMenu } from '@/features/notify/notify-settings-menu';
import { runLabelOf } from '@/features/notify/session-sightings';
import { useTabAttention } from '@/features/notify/use-tab-attention';

// The dialogs (and Radix with them) load after the screen has drawn, and draw as soon as their
// code is here, never after a Suspense reveal (which React holds back up to 300 ms). The gate
// dialog's code is fetched once the page is idle: a reviewer's gate shows in the frame its run
// starts waiting. The inbox's loads when first opened.
const gateDialog = preloadable(() => import('@/features/gates/gate-dialog').then((m) => m.GateDialog), null);
const gateInbox = preloadable(() => import('@/features/gates/gate-inbox-drawer').then((m) => m.GateInboxDrawer), null);

type GateRef = Readonly<{ session: RunSession; gateId: string }>;

/**
 * Gates across every run open in this tab: the inbox button, the dialog, the confirmation
 * left after the person's own answer, and the announcements (a live region; the tab's title,
 * icon and browser notifications through features/notify). A new gate of the run on screen
 * opens its dialog once; "Decide later" leaves it in the inbox.
 */
export function GateCenter({ activeSession }: { activeSession: RunSession | undefined }) {
  const registry = useSessionRegistry((s) => s.runs);
  const sessions = useMemo(() => Object.values(registry).map((r) => r.session), [registry]);
  const released = useSessionRegistry((s) => s.released);
  const { pending, decided } = useInboxGates(sessions, released);
  const [open, setOpen] = useState<GateRef>();
  const [confirmed, setConfirmed] = useState<GateRef>();
  const [inboxOpen, setInboxOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef(new Set<string>());
  // Gates whose dialog opened by itself once: "Decide later" leaves them in the inbox, never reopened.
  const shown = useRef(new Set<string>());
  const inboxButton = useRef<HTMLButtonElement>(null);
  // What the protocol is sent as the decider; what is shown follows reviewer-store.ts's rule.
  const reviewer = useReviewerName() ?? UNNAMED_WIRE_NAME;

  // A live run may ask a reviewer; a replay's gates were answered when it was recorded.
  const live = activeSession?.mode === 'live';
  useEffect(() => (live ? prefetchWhenIdle(gateDialog.load) : undefined), [live]);

  useEffect(() => {
    for (const entry of pending) {
      const key = `${entry.session.runId}/${entry.gate.gateId}`;
      if (seen.current.has(key)) continue;
      seen.current.add(key);
      setAnnouncement(`New gate waiting: ${entry.gate.message}`);
    }
    // A gate that arrived while another dialog was open (a revised plan answering feedback) opens once that one closes.
    const next = open ? undefined : pending.find((entry) => entry.session === activeSession && !shown.current.has(`${entry.session.runId}/${entry.gate.gateId}`));
    if (next) {
      shown.current.add(`${next.session.runId}/${next.gate.gateId}`);
      setOpen({ session: next.session, gateId: next.gate.gateId });
    }
  }, [pending, activeSession, open]);

  const answer = useCallback((entry: InboxEntry) => {
    setInboxOpen(false);
    shown.current.add(`${entry.session.runId}/${entry.gate.gateId}`);
    setOpen({ session: entry.session, gateId: entry.gate.gateId });
  }, []);
  useTabAttention(sessions, pending, answer);
  const onDecided = useCallback(() => {
    setConfirmed(open);
    setOpen(undefined);
  }, [open]);

  return (
    <>
      <p id="gate-announcer" aria-live="assertive" className="sr-only">{announcement}</p>
      <Button ref={inboxButton} size="sm" variant={pending.length > 0 ? 'primary' : 'secondary'} onClick={() => setInboxOpen(true)}>
        Gates{pending.length > 0 ? ` (${pending.length} waiting)` : ''}
      </Button>
      <NotifySettingsMenu />
      <MountOnceOpened opened={inboxOpen} name="gate inbox">
        <gateInbox.Component
          open={inboxOpen}
          onOpenChange={setInboxOpen}
          pending={pending}
          decided={decided}
          onAnswer={answer}
        />
      </MountOnceOpened>
      {open && (
        <RunSessionContext.Provider value={open.session}>
          <MountOnceOpened opened name="gate dialog">
            <gateDialog.Component
              gateId={open.gateId}
              reviewer={reviewer}
              onClose={() => setOpen(undefined)}
              onDecided={onDecided}
              fallbackFocus={() => inboxButton.current}
              {...(open.session !== activeSession ? { runLabel: runLabelOf(open.session) } : {})}
            />
          </MountOnceOpened>
        </RunSessionContext.Provider>
      )}
      {confirmed && (
        <RunSessionContext.Provider value={confirmed.session}>
          <GateConfirmation gateId={confirmed.gateId} onDismiss={() => setConfirmed(undefined)} />
        </RunSessionContext.Provider>
      )}
    </>
  );
}
