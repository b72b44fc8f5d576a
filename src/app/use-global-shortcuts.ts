import { useEffect } from 'react';

/** `?` opens help, `/` focuses the timeline search, Escape closes details; typing in a field is left alone. */
export function useGlobalShortcuts(handlers: { help: () => void; closeDetails: () => void }): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable);
      if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '?') {
        event.preventDefault();
        handlers.help();
      } else if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('input[aria-label="Search timeline"]');
        if (search) {
          event.preventDefault();
          search.focus();
        }
      } else if (event.key === 'Escape' && !document.querySelector('[role="dialog"],[role="alertdialog"]')) {
        handlers.closeDetails();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [handlers]);
}
