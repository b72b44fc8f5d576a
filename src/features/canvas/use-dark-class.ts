/**
 * Whether the app is in dark mode, read from the `dark` class the app shell toggles on
 * <html>, so React Flow's own controls and mini-map follow the Tailwind `dark:` styles.
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains('dark');

export function useDarkClass(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
