import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';

import { Button } from '@/components/ui/button';

import { unlockChime } from '@/features/notify/chime';
import { notifySettingsStore, type NoticeKind, type Permission } from '@/features/notify/notify-settings-store';

const CHOICES: readonly { kind: NoticeKind; label: string; popup: boolean }[] = [
  { kind: 'gates', label: 'A gate waits for a reviewer', popup: true },
  { kind: 'runFailed', label: 'A run I watch fails', popup: true },
  { kind: 'runFinished', label: 'A run I watch finishes', popup: true },
  { kind: 'sound', label: 'Play a short sound with it', popup: false },
];

const PERMISSION_TEXT: Record<Permission, string> = {
  default: 'Turning one on asks this browser for permission to show notifications.',
  granted: 'Shown only while Runboard is in the background, once per browser. A gate answered elsewhere is taken back.',
  denied: 'This browser blocks notifications from Runboard. Allow them in the site settings (the icon left of the address), then turn one on here.',
  unsupported: 'This browser cannot show notifications; the tab title and icon still count the gates waiting.',
};

/**
 * The "Notify" control beside the inbox button: what calls the person, each choice
 * remembered in this browser. Permission is asked only here, from the click on a switch.
 */
export function NotifySettingsMenu() {
  const [open, setOpen] = useState(false);
  const { settings, permission, actions } = useStore(notifySettingsStore);
  const panelId = useId();
  const noteId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, wrapper, (byKey) => {
    setOpen(false);
    if (byKey) button.current?.focus();
  });
  const on = settings.gates || settings.runFailed || settings.runFinished;

  const toggle = (kind: NoticeKind, wanted: boolean) => {
    if (kind === 'sound' && wanted) unlockChime();
    if (wanted) void actions.turnOn(kind);
    else actions.turnOff(kind);
  };

  return (
    <div ref={wrapper} className="relative">
      <Button ref={button} size="sm" variant="ghost" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <BellIcon filled={on && permission === 'granted'} />
        Notify{on && permission === 'granted' ? ': on' : ''}
      </Button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label="Notification settings"
          className="absolute top-full right-0 z-50 mt-1 w-80 rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">Notify me when</p>
          <ul className="space-y-1.5">
            {CHOICES.map(({ kind, label, popup }) => (
              <li key={kind}>
                <label className="flex items-center gap-2 has-disabled:opacity-60">
                  <input
                    type="checkbox"
                    checked={settings[kind] && (!popup || permission === 'granted')}
                    disabled={popup && (permission === 'denied' || permission === 'unsupported')}
                    aria-describedby={popup ? noteId : undefined}
                    onChange={(e) => toggle(kind, e.target.checked)}
                  />
                  {label}
                </label>
              </li>
            ))}
          </ul>
          <p id={noteId} role="status" className="mt-2 text-xs text-slate-600 dark:text-slate-400">{PERMISSION_TEXT[permission]}</p>
        </div>
      )}
    </div>
  );
}

/** Escape (focus back on the button) or a click outside closes the panel. */
function useDismiss(open: boolean, wrapper: React.RefObject<HTMLDivElement | null>, close: (byKey: boolean) => void) {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) latest.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, wrapper]);
}

function BellIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6">
      <path d="M10 2.5a5 5 0 0 0-5 5v3l-1.5 3h13L15 10.5v-3a5 5 0 0 0-5-5Z" strokeLinejoin="round" />
      <path d="M8 16a2 2 0 0 0 4 0" strokeLinecap="round" />
    </svg>
  );
}
