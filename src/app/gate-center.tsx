import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useMemo, useRef, useState } from 'react';

import { useSessionRegistry } from '@/app/session-registry';
import { Button } from '@/components/ui/button';
import { RunSessionContext, type RunSession } from '@/stores/run-session';

import { GateDialog } from '@/features/gates/gate-dialog';
import { GateInboxList, usePendingGates, type InboxEntry } from '@/features/gates/gate-inbox-list';

const REVIEWER_KEY = 'runboard.reviewer';

type Open = Readonly<{ session: RunSession; gateId: string }>;

/**
 * Gates across every run open in this tab: the inbox button, the dialog, and the
 * announcements (a live region, the tab title, an optional browser notification).
 * A new gate of the run on screen opens its dialog once; "Later" leaves it in the inbox.
 */
export function GateCenter({ activeSession }: { activeSession: RunSession | undefined }) {
  const registry = useSessionRegistry((s) => s.runs);
  const sessions = useMemo(() => Object.values(registry).map((r) => r.session), [registry]);
  const pending = usePendingGates(sessions);
  const [open, setOpen] = useState<Open>();
  const [inboxOpen, setInboxOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [notify, setNotify] = useState(false);
  const seen = useRef(new Set<string>());
  const reviewer = useMemo(() => localStorage.getItem(REVIEWER_KEY) ?? 'runboard-user', []);

  useEffect(() => {
    for (const entry of pending) {
      const key = `${entry.session.runId}/${entry.gate.gateId}`;
      if (seen.current.has(key)) continue;
      seen.current.add(key);
      setAnnouncement(`New gate waiting: ${entry.gate.message}`);
      if (notify && document.hidden && 'Notification' in window) new Notification('Runboard: a gate is waiting', { body: entry.gate.message });
      if (!open && entry.session === activeSession) setOpen({ session: entry.session, gateId: entry.gate.gateId });
    }
    document.title = pending.length > 0 ? `(${pending.length}) Runboard` : 'Runboard';
  }, [pending, activeSession, open, notify]);

  const answer = (entry: InboxEntry) => {
    setInboxOpen(false);
    setOpen({ session: entry.session, gateId: entry.gate.gateId });
  };

  return (
    <>
      <p id="gate-announcer" aria-live="assertive" className="sr-only">{announcement}</p>
      <Button size="sm" variant={pending.length > 0 ? 'primary' : 'secondary'} onClick={() => setInboxOpen(true)}>
        Gates{pending.length > 0 ? ` (${pending.length} waiting)` : ''}
      </Button>
      <Dialog.Root open={inboxOpen} onOpenChange={setInboxOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40" />
          <Dialog.Content className="fixed top-0 right-0 z-50 flex h-full w-[min(28rem,95vw)] flex-col bg-white shadow-2xl dark:bg-slate-900">
            <div className="flex items-center justify-between border-b border-slate-200 p-3 dark:border-slate-700">
              <Dialog.Title className="text-base font-semibold">Reviewer inbox</Dialog.Title>
              <Dialog.Close asChild>
                <Button size="sm" variant="ghost">Close</Button>
              </Dialog.Close>
            </div>
            <Dialog.Description className="px-3 pt-2 text-xs text-slate-600 dark:text-slate-400">
              Pending gates of every run open in this tab and every running run the console watches, oldest first.
            </Dialog.Description>
            <div className="flex-1 overflow-auto">
              <GateInboxList entries={pending} onAnswer={answer} />
            </div>
            {'Notification' in window && (
              <label className="flex items-center gap-2 border-t border-slate-200 p-3 text-xs dark:border-slate-700">
                <input
                  type="checkbox"
                  checked={notify}
                  onChange={(e) => {
                    const wanted = e.target.checked;
                    if (!wanted) return setNotify(false);
                    void Notification.requestPermission().then((p) => setNotify(p === 'granted'));
                  }}
                />
                Notify me in the browser when a gate opens while this tab is hidden
              </label>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {open && (
        <RunSessionContext.Provider value={open.session}>
          <GateDialog
            gateId={open.gateId}
            reviewer={reviewer}
            onClose={() => setOpen(undefined)}
            {...(open.session !== activeSession ? { runLabel: runLabelOf(open.session) } : {})}
          />
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
