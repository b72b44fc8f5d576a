/**
 * Arrow-key navigation between canvas nodes: the nearest node in a direction. Pure;
 * guarded by navigate.test.ts.
 *
 * A candidate must lie ahead in that direction (its centre beyond the current centre on
 * the main axis); among those, the one with the smallest main distance plus twice its
 * sideways offset wins, so "right" prefers the node straight across over one far below.
 */
export type Direction = 'left' | 'right' | 'up' | 'down';

export type NavBox = Readonly<{ id: string; x: number; y: number; width: number; height: number }>;

const KEY_DIRECTION: Readonly<Record<string, Direction>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export function directionOfKey(key: string): Direction | undefined {
  return KEY_DIRECTION[key];
}

export function nearestInDirection(from: NavBox, boxes: readonly NavBox[], direction: Direction): string | undefined {
  const cx = from.x + from.width / 2;
  const cy = from.y + from.height / 2;
  let best: string | undefined;
  let bestScore = Infinity;
  for (const box of boxes) {
    if (box.id === from.id) continue;
    const dx = box.x + box.width / 2 - cx;
    const dy = box.y + box.height / 2 - cy;
    const main = direction === 'left' ? -dx : direction === 'right' ? dx : direction === 'up' ? -dy : dy;
    const side = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx);
    if (main <= 0) continue;
    const score = main + 2 * side;
    if (score < bestScore) {
      bestScore = score;
      best = box.id;
    }
  }
  return best;
}
