/**
 * The replay player's keys, anywhere on the page: Space plays or pauses, ←/→ step one
 * frame, Home/End go to the first or last frame. Listed in the `?` help (REPLAY_SHORTCUTS).
 *
 * Keys that already mean something where focus is are left alone: typing in a field,
 * Space on a button or link, arrows on the canvas (they move between nodes), in the
 * timeline list (rows), on the scrubber (it steps by itself), inside a dialog.
 */
import { useEffect } from 'react';

import { firstPosition, type ReplayController } from '@/features/replay/replay-controller';

export const REPLAY_SHORTCUTS: readonly (readonly [string, string])[] = [
  ['Space', 'Play or pause the replay'],
  ['← / →', 'Step one frame back / forward'],
  ['Home / End', 'Go to the first / last frame'],
];

const OWNS_KEYS =
  'input, textarea, select, button, a, [contenteditable="true"], [role="slider"], .react-flow, [data-testid="timeline-scroll"], [role="dialog"], [role="alertdialog"]';

export type PlayerKeys = Readonly<{ controller: ReplayController; playing: boolean; play: () => void; pause: () => void }>;

export function useReplayShortcuts({ controller, playing, play, pause }: PlayerKeys): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(OWNS_KEYS) || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const position = controller.position();
      const seekTo: Record<string, number | undefined> = {
        ArrowLeft: position - 1,
        ArrowRight: position + 1,
        Home: firstPosition(controller),
        End: controller.total,
      };
      if (event.key === ' ') {
        event.preventDefault();
        if (playing) pause();
        else play();
        return;
      }
      const next = seekTo[event.key];
      if (next === undefined) return;
      event.preventDefault();
      controller.seek(Math.max(firstPosition(controller), Math.min(next, controller.total)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [controller, playing, play, pause]);
}
