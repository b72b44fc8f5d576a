// @vitest-environment jsdom
/**
 * Crash containment: the run view's panels each sit in a PanelErrorBoundary, so a panel that
 * throws while rendering shows "The <name> panel stopped working." with a "Reload panel"
 * button, and the real Timeline, CostPanel, NodeDetails and DiagnosticsPanel beside it keep
 * rendering (and keep updating). A canvas node that throws shows its own fallback box.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary';
import type { RunEvent } from '@/protocol/run-event';

import { NodeErrorBoundary } from '@/features/canvas/nodes/node-error-boundary';
import { CostPanel } from '@/features/cost/cost-panel';
import { DiagnosticsPanel } from '@/features/diagnostics/diagnostics-panel';
import { NodeDetails } from '@/features/inspector/node-details';
import { Timeline } from '@/features/timeline/timeline';

import { fakeViewport, makeSession, withSession } from './make-session';

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = fakeViewport(600);
  // React reports a caught render error through console.error; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  restoreViewport();
  vi.restoreAllMocks();
});

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const STORY: RunEvent[] = [
  { type: 'graph.defined', nodes: [{ id: 'w', label: 'Writer', kind: 'agent' }], edges: [] },
  { type: 'run.started', atMs: T0, title: 'Demo', frame: 0 },
  { type: 'node.started', nodeId: 'w', atMs: T0 + 10, frame: 1 },
  { type: 'cost.recorded', nodeId: 'w', model: 'm', micros: 2_000_000, currency: 'USD', frame: 2 },
];

/** A panel with a rendering bug, switched on and off from the test. */
const bug = { on: true };
function BrokenPanel() {
  if (bug.on) throw new Error('cannot read properties of undefined (reading "label")');
  return <p>graph is back</p>;
}

function renderLayout() {
  const session = makeSession();
  render(
    withSession(
      session,
      <div>
        <PanelErrorBoundary name="graph"><BrokenPanel /></PanelErrorBoundary>
        <PanelErrorBoundary name="timeline"><Timeline initialFollow={false} /></PanelErrorBoundary>
        <PanelErrorBoundary name="node details"><NodeDetails nodeId="w" onClose={() => undefined} /></PanelErrorBoundary>
        <PanelErrorBoundary name="cost"><CostPanel /></PanelErrorBoundary>
        <PanelErrorBoundary name="diagnostics"><DiagnosticsPanel /></PanelErrorBoundary>
      </div>,
    ),
  );
  return session;
}

describe('a panel that throws', () => {
  it('shows a readable message and a reload control while the other panels render and update', () => {
    bug.on = true;
    const session = renderLayout();
    act(() => session.apply(STORY));

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The graph panel stopped working.');
    expect(alert.textContent).toContain('reading "label"');
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    // The real panels beside it are whole and live.
    expect(screen.getByRole('complementary', { name: 'Node details: Writer' })).toBeTruthy();
    expect(screen.getByText('Total cost:').textContent).toBe('Total cost: $2.00');
    expect(screen.getByRole('region', { name: 'Stream diagnostics' })).toBeTruthy();
    expect(document.querySelectorAll('[data-row]').length).toBeGreaterThan(0);
    act(() => session.apply([{ type: 'cost.recorded', nodeId: 'w', model: 'm', micros: 1_000_000, currency: 'USD', frame: 3 }]));
    expect(screen.getByText('Total cost:').textContent).toBe('Total cost: $3.00');

    // Reload: once the cause is gone, the panel draws again.
    bug.on = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reload panel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('graph is back')).toBeTruthy();
  });

  it('names the panel that broke when a real panel throws (a session without stores)', () => {
    const session = makeSession();
    const broken = { ...session, frameAt: () => undefined, run: undefined } as unknown as typeof session;
    render(
      <div>
        {withSession(broken, <PanelErrorBoundary name="diagnostics"><DiagnosticsPanel /></PanelErrorBoundary>)}
        {withSession(session, <PanelErrorBoundary name="cost"><CostPanel /></PanelErrorBoundary>)}
      </div>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The diagnostics panel stopped working.');
    expect(screen.getByText('Total cost:').textContent).toBe('Total cost: no cost reported');
  });
});

describe('a canvas node that throws', () => {
  it('draws a fallback box with its label and its siblings still draw', () => {
    function BadNode(): never {
      throw new Error('bad status');
    }
    render(
      <div>
        <NodeErrorBoundary label="Planner"><BadNode /></NodeErrorBoundary>
        <NodeErrorBoundary label="Writer"><p>Writer: running</p></NodeErrorBoundary>
      </div>,
    );
    const fallback = screen.getByRole('alert');
    expect(fallback.textContent).toContain('Planner');
    expect(fallback.textContent).toContain('this node could not be drawn');
    expect(fallback.textContent).toContain('bad status');
    expect(screen.getByText('Writer: running')).toBeTruthy();
  });
});
