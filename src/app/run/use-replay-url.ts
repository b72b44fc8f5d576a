import { useCallback, useEffect } from 'react';

import { isLocalRecording } from '@/session';
import type { ReplayCursor } from '@/ingest/replay-cursor';

/** How long the scrubber must rest before the URL follows (replaceState, no history entry). */
const URL_DEBOUNCE_MS = 300;

/**
 * Keeps `at=` in the URL in step with the replay position (debounced replaceState), and
 * returns the share link builder: undefined for a file from disk, which has no URL.
 */
export function useReplayUrl(cursor: ReplayCursor, source: string, navigate: (search: string, replace?: boolean) => void): () => string | undefined {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = cursor.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(() => navigate(withAt(window.location.search, cursor.position), true), URL_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [cursor, navigate]);

  return useCallback(() => {
    if (isLocalRecording(source)) return undefined;
    const absolute = new URL(source, window.location.href).toString();
    const params = new URLSearchParams({ replay: absolute, at: String(Math.max(0, cursor.position - 1)) });
    return `${window.location.origin}${window.location.pathname}?${params.toString()}`;
  }, [cursor, source]);
}

function withAt(search: string, position: number): string {
  const params = new URLSearchParams(search);
  params.set('at', String(Math.max(0, position - 1)));
  return `?${params.toString()}`;
}
