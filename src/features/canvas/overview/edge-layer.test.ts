import { describe, expect, it } from 'vitest';

import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import { coverage, type Copy } from '@/features/canvas/overview/edge-layer';
import { buildScene } from '@/features/canvas/overview/overview-scene';

const graph = { nodes: { a: { id: 'a', label: 'A' }, b: { id: 'b', label: 'B' } }, order: ['a', 'b'], edges: [{ source: 'a', target: 'b' }], version: 1 };
const scene = buildScene(layoutGraph({ graph, previous: {}, groupOverrides: {} }), 'LR');
const view = { tx: 100, ty: 50, zoom: 0.1, width: 800, height: 400, dpr: 1 };
const key = {};
// The copy itself is not looked at: only what it was drawn for.
const copy = { image: undefined as unknown as ImageBitmap, view, scene, key } satisfies Copy;

describe('edge copy coverage', () => {
  it('serves the view it was drawn for exactly, and a pan within half a view as it is', () => {
    expect(coverage(copy, scene, view, key)).toBe('exact');
    expect(coverage(copy, scene, { ...view, tx: view.tx + 399, ty: view.ty - 199 }, key)).toBe('exact');
    expect(coverage(copy, scene, { ...view, tx: view.tx + 401 }, key)).toBe('none');
  });

  it('serves a zoom up to twice in or out as a scaled copy, and no further', () => {
    // Zooming about the view's centre keeps the centre in place.
    const zoomed = (factor: number) => ({ ...view, zoom: view.zoom * factor, tx: 400 - (400 - view.tx) * factor, ty: 200 - (200 - view.ty) * factor });
    expect(coverage(copy, scene, zoomed(1.5), key)).toBe('scaled');
    expect(coverage(copy, scene, zoomed(0.6), key)).toBe('scaled');
    expect(coverage(copy, scene, zoomed(2.5), key)).toBe('none');
    expect(coverage(copy, scene, zoomed(0.4), key)).toBe('none');
  });

  it('does not serve another layout, another style or another panel size', () => {
    const other = buildScene(layoutGraph({ graph, previous: {}, groupOverrides: {} }), 'LR');
    expect(coverage(copy, other, view, key)).toBe('none');
    expect(coverage(copy, scene, view, {})).toBe('none');
    expect(coverage(copy, scene, { ...view, width: 900 }, key)).toBe('none');
    expect(coverage(undefined, scene, view, key)).toBe('none');
  });
});
