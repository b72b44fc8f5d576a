/**
 * Play/pause at a speed, timed by the recording's own `t` values: a virtual clock runs at
 * `speed` × real time, and each animation frame seeks to the last frame that arrived by
 * then (one store update per painted frame, however many frames that covers). "instant"
 * jumps to the end. Per-frame work writes the stores through `seek`, never React state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

import { firstPosition, positionAtTime, type ReplayController, type ReplaySpeed } from '@/features/replay/replay-controller';

export function usePlayback(controller: ReplayController) {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  const clock = useRef({ virtualMs: 0, lastWallMs: 0 });

  useEffect(() => {
    if (!playing) return;
    if (speed === 'instant') {
      controller.seek(controller.total);
      setPlaying(false);
      return;
    }
    const at = controller.position();
    clock.current = { virtualMs: controller.times[Math.max(0, at - 1)] ?? 0, lastWallMs: performance.now() };
    let frame = 0;
    const tick = (wallMs: number) => {
      const c = clock.current;
      c.virtualMs += Math.max(0, wallMs - c.lastWallMs) * speed;
      c.lastWallMs = wallMs;
      // Never behind the playhead (a seek by hand while playing moves the clock with it).
      const position = controller.position();
      if (positionAtTime(controller.times, c.virtualMs) < position) c.virtualMs = controller.times[position - 1] ?? c.virtualMs;
      const target = Math.max(position, positionAtTime(controller.times, c.virtualMs));
      if (target !== controller.position()) controller.seek(target);
      if (controller.position() >= controller.total) {
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, controller]);

  const play = useCallback(() => {
    if (controller.position() >= controller.total) controller.seek(firstPosition(controller));
    setPlaying(true);
  }, [controller]);
  const pause = useCallback(() => setPlaying(false), []);

  return { playing, speed, setSpeed, play, pause };
}
