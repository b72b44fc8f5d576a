import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { useSessionRegistry } from '@/app/session/session-registry';
import { Button } from '@/components/ui/button';
import { UNNAMED_WIRE_NAME, useReviewerName } from '@/stores/reviewer-store';
import { RunSessionContext, type RunSession } from '@/stores/run-session';

import { GateConfirmation } from '@/features/gates/gate-confirmation';
import { GateDialog } from '@/features/gates/gate-dialog';
import { GateInboxDrawer } from '@/features/gates/gate-inbox-drawer';
import { useInboxGates, type InboxEntry } from '@/features/gates/use-inbox-gates';

type GateRef = Readonly<{ session: RunSession; gateId: string }>;

/**
 * Gates across every run open in this tab: the inbox button, the dialog, the confirmation
 * left after the person's own answer, and the announcements (a live region, the tab
 * title, an optional browser notification). A new gate of the run on screen opens its
 * dialog once; "Decide later" leaves it in the inbox.
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
  const [notify, setNotify] = useState(false);
  const seen = useRef(new Set<string>());
  // Gates whose dialog opened by itself once: "Decide later" leaves them in the inbox, never reopened.
  const shown = useRef(new Set<string>());
  const inboxButton = useRef<HTMLButtonElement>(null);
  // What the protocol is sent as the decider; what is shown follows reviewer-store.ts's rule.
  const reviewer = useReviewerName() ?? UNNAMED_WIRE_NAME;

  useEffect(() => {
    for (const entry of pending) {
      const key = `${entry.session.runId}/${entry.gate.gateId}`;
      if (seen.current.has(key)) continue;
      seen.current.add(key);
      setAnnouncement(`New gate waiting: ${entry.gate.message}`);
      if (notify && document.hidden && 'Notification' in window) new Notification('Runboard: a gate is waiting', { body: entry.gate.message });
    }
    // A gate that arrived while another dialog was open (a revised plan answering feedback) opens once that one closes.
    const next = open ? undefined : pending.find((entry) => entry.session === activeSession && !shown.current.has(`${entry.session.runId}/${entry.gate.gateId}`));
    if (next) {
      shown.current.add(`${next.session.runId}/${next.gate.gateId}`);
      setOpen({ session: next.session, gateId: next.gate.gateId });
    }
    document.title = pending.length > 0 ? `(${pending.length}) Runboard` : 'Runboard';
  }, [pending, activeSession, open, notify]);

  const answer = (entry: InboxEntry) => {
    setInboxOpen(false);
    shown.current.add(`${entry.session.runId}/${entry.gate.gateId}`);
    setOpen({ session: entry.session, gateId: entry.gate.gateId });
  };
  const onDecided = useCallback(() => {
    setConfirmed(open);
    setOpen(undefined);
  }, [open]);
  const onNotifyChange = (wanted: boolean) => {
    if (!wanted) return setNotify(false);
    void Notification.requestPermission().then((p) => setNotify(p === 'granted'));
  };

  return (
    <>
      <p id="gate-announcer" aria-live="assertive" className="sr-only">{announcement}</p>
      <Button ref={inboxButton} size="sm" variant={pending.length > 0 ? 'primary' : 'secondary'} onClick={() => setInboxOpen(true)}>
        Gates{pending.length > 0 ? ` (${pending.length} waiting)` : ''}
      </Button>
      <GateInboxDrawer
        open={inboxOpen}
        onOpenChange={setInboxOpen}
        pending={pending}
        decided={decided}
        onAnswer={answer}
        notify={notify}
        onNotifyChange={onNotifyChange}
      />
      {open && (
        <RunSessionContext.Provider value={open.session}>
          <GateDialog
            gateId={open.gateId}
            reviewer={reviewer}
            onClose={() => setOpen(undefined)}
            onDecided={onDecided}
            fallbackFocus={() => inboxButton.current}
            {...(open.session !== activeSession ? { runLabel: runLabelOf(open.session) } : {})}
          />
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

/** Which run a gate belongs to, for a dialog opened away from that run: its title (when known), protocol and id. */
function runLabelOf(session: RunSession): string {
  const title = session.run.getState().title;
  return `${title ? `${title} · ` : ''}${session.dialect.label} · ${session.runId}`;
}
