import { describe, expect, it } from 'vitest';

import { directionOfKey, nearestInDirection, type NavBox } from '@/features/canvas/navigate';

const box = (id: string, x: number, y: number): NavBox => ({ id, x, y, width: 100, height: 50 });

//   a(0,0)    b(200,0)    c(400,0)
//             d(200,150)
//   e(0,400)
const boxes = [box('a', 0, 0), box('b', 200, 0), box('c', 400, 0), box('d', 200, 150), box('e', 0, 400)];

describe('nearestInDirection', () => {
  it('moves to the closest node ahead, preferring the one straight across', () => {
    expect(nearestInDirection(boxes[0]!, boxes, 'right')).toBe('b');
    expect(nearestInDirection(boxes[1]!, boxes, 'right')).toBe('c');
    expect(nearestInDirection(boxes[1]!, boxes, 'down')).toBe('d');
    expect(nearestInDirection(boxes[3]!, boxes, 'up')).toBe('b');
    expect(nearestInDirection(boxes[1]!, boxes, 'left')).toBe('a');
  });

  it('returns nothing when no node lies that way', () => {
    expect(nearestInDirection(boxes[0]!, boxes, 'left')).toBeUndefined();
    expect(nearestInDirection(boxes[2]!, boxes, 'up')).toBeUndefined();
  });

  it('maps arrow keys and ignores others', () => {
    expect(directionOfKey('ArrowDown')).toBe('down');
    expect(directionOfKey('Enter')).toBeUndefined();
  });
});
