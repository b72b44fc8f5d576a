// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { CostPanel } from '@/features/cost/cost-panel';
import { deriveWaterfall } from '@/features/cost/derive-waterfall';
import { WaterfallChart } from '@/features/cost/waterfall-chart';

import { makeSession, withSession } from './make-session';

afterEach(cleanup);

describe('CostPanel', () => {
  it('shows an empty state until cost arrives, then the total, waterfall table and model breakdown live', () => {
    const session = makeSession();
    const view = render(withSession(session, <CostPanel />));
    expect(screen.getByText('Total cost:').textContent).toBe('Total cost: no cost reported');
    expect(screen.getByText(/reported no cost and no tokens/)).toBeTruthy();

    act(() =>
      session.apply([
        { type: 'graph.defined', nodes: [{ id: 'plan', label: 'Planner' }, { id: 'write', label: 'Writer' }], edges: [] },
        { type: 'cost.recorded', nodeId: 'write', model: 'big', micros: 1_200_000, currency: 'USD', inputTokens: 1000, outputTokens: 400 },
        { type: 'cost.recorded', nodeId: 'plan', model: 'small', micros: 123, currency: 'USD', inputTokens: 50, outputTokens: 5 },
      ]),
    );
    expect(screen.queryByText(/no cost reported/)).toBeNull();
    expect(screen.getByText('Total cost:').textContent).toBe('Total cost: $1.20');

    // The recharts surface renders (jsdom has no ResizeObserver, so the chart takes its fixed size).
    expect(view.container.querySelector('figure svg')).not.toBeNull();
    const alt = screen.getByRole('table', { name: 'Cost by node, in order of completion' });
    const rows = within(alt).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['Writer$1.20$1.20', 'Planner$0.000123$1.20']);
    expect(screen.getByRole('figure').getAttribute('aria-label')).toBe(
      'Cost waterfall: 2 nodes, running total $1.20; most expensive: Writer at $1.20',
    );

    const byModel = screen.getByRole('table', { name: 'By model and tokens' });
    expect(within(byModel).getByRole('row', { name: /big/ }).textContent).toBe('big11,000400$1.20');
    expect(within(byModel).getByRole('row', { name: /All models/ }).textContent).toBe('All models21,050405$1.20');

    act(() => session.apply([{ type: 'cost.recorded', nodeId: 'plan', model: 'small', micros: 10_000, currency: 'USD' }]));
    const updated = within(screen.getByRole('table', { name: 'Cost by node, in order of completion' })).getAllByRole('row');
    expect(updated[2]?.textContent).toBe('Planner$0.0101$1.21');
  });

  it('says "no cost reported" for a run that sent only token counts, never $0.00', () => {
    const session = makeSession();
    const view = render(withSession(session, <CostPanel />));
    act(() => session.apply([{ type: 'cost.recorded', nodeId: 'a', micros: 0, currency: 'USD', inputTokens: 1200, outputTokens: 800 }]));
    expect(screen.getByText('Total cost:').textContent).toBe('Total cost: no cost reported');
    expect(screen.getByText(/tokens but no price: 2,000 tokens \(1,200 in \/ 800 out\)/)).toBeTruthy();
    expect(view.container.textContent).not.toContain('$0.00');
  });
});

describe('WaterfallChart', () => {
  const bars = (micros: readonly number[]) => deriveWaterfall(micros.map((m, i) => ({ row: i, nodeId: `n${i}`, micros: m, inputTokens: 0, outputTokens: 0 })));
  const drawn = (container: HTMLElement) => ({
    rects: [...container.querySelectorAll('rect.recharts-rectangle')].map((r) => Number(r.getAttribute('height')) > 0),
    // The y axis's labels (its ticks end at the axis; the x axis's are centred on their bars).
    yLabels: [...container.querySelectorAll('text[text-anchor="end"]')].map((t) => t.textContent),
  });

  // Its parts are kept across renders (they draw from recharts' store): each render must still draw its own bars.
  it('draws the bars it is given on every render, fewer or more, up or down', () => {
    const view = render(<WaterfallChart bars={bars([1_000_000, 2_000_000, 3_000_000])} currency="USD" />);
    const three = drawn(view.container);
    expect(three.rects).toEqual([true, true, true]);
    expect(three.yLabels.at(-1)).toBe('$6.00');
    view.rerender(<WaterfallChart bars={bars([1_000_000])} currency="USD" />);
    const one = drawn(view.container);
    expect(one.rects).toEqual([true]);
    expect(one.yLabels.at(-1)).toBe('$1.00');
    view.rerender(<WaterfallChart bars={bars([1_000_000, 2_000_000, 3_000_000, 4_000_000])} currency="EUR" />);
    const four = drawn(view.container);
    expect(four.rects).toHaveLength(4);
    expect(four.yLabels.at(-1)).toBe('€10.00');
  });
});
