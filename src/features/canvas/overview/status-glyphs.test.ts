import { describe, expect, test } from 'vitest';

import { STATUS_GLYPH, traceGlyph } from '@/features/canvas/overview/status-glyphs';

/** The calls a glyph makes on a 2D context, recorded. */
function traced(status: keyof typeof STATUS_GLYPH): unknown[][] {
  const calls: unknown[][] = [];
  const record = (name: string) => (...args: unknown[]) => void calls.push([name, ...args]);
  const ctx = { moveTo: record('moveTo'), lineTo: record('lineTo'), closePath: record('closePath'), arc: record('arc'), rect: record('rect') };
  traceGlyph(ctx as unknown as CanvasRenderingContext2D, STATUS_GLYPH[status], 100, 50, 10);
  return calls;
}

describe('status glyphs', () => {
  test('an upright rectangle is traced as one rect over the corners its points give', () => {
    expect(traced('succeeded')).toEqual([['rect', 92, 42, 16, 16]]);
    expect(traced('not_run')).toEqual([['rect', 92, 42, 16, 16]]);
    expect(traced('cancelled')).toEqual([['rect', 90, 46.5, 20, 7]]);
    for (const status of ['succeeded', 'not_run', 'cancelled'] as const) {
      const [w, h] = STATUS_GLYPH[status].box ?? [];
      expect(STATUS_GLYPH[status].points).toEqual([[-(w ?? 0), -(h ?? 0)], [w, -(h ?? 0)], [w, h], [-(w ?? 0), h]]);
    }
  });

  test('other shapes keep their outline point by point', () => {
    expect(STATUS_GLYPH.waiting.box).toBeUndefined();
    expect(traced('waiting')).toEqual([['moveTo', 100, 40], ['lineTo', 110, 50], ['lineTo', 100, 60], ['lineTo', 90, 50], ['closePath']]);
    expect(traced('failed').filter(([name]) => name === 'lineTo')).toHaveLength(11);
    expect(traced('running')[1]).toEqual(['arc', 100, 50, 10, 0, Math.PI * 2]);
  });
});
