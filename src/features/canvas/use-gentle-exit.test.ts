import { describe, expect, it } from 'vitest';

import type { CanvasNode } from '@/features/canvas/layout/layout-types';
import { withLeaversHidden } from '@/features/canvas/use-gentle-exit';

const node = (id: string, hidden?: boolean): CanvasNode => ({ id, type: 'run', position: { x: 0, y: 0 }, data: { label: id, noDeps: false }, ...(hidden ? { hidden } : {}) });

describe('withLeaversHidden', () => {
  it('keeps every node that leaves, hidden, after the ones that stay', () => {
    const shown = [node('a'), node('b'), node('c')];
    const next = [node('b'), node('d')];
    const out = withLeaversHidden(shown, next);
    expect(out.map((n) => [n.id, n.hidden ?? false])).toEqual([
      ['b', false],
      ['d', false],
      ['a', true],
      ['c', true],
    ]);
    expect(shown[0]?.hidden).toBeUndefined(); // copies, never the layout's own objects
  });

  it('drops nodes already hidden, and hands back the new array itself when nothing leaves', () => {
    const next = [node('a')];
    expect(withLeaversHidden([node('a'), node('z', true)], next)).toBe(next);
    expect(withLeaversHidden([], next)).toBe(next);
  });

  it('a node that comes back is shown, not kept hidden', () => {
    const out = withLeaversHidden([node('a'), node('b', true)], [node('a'), node('b')]);
    expect(out.map((n) => n.hidden ?? false)).toEqual([false, false]);
  });
});
