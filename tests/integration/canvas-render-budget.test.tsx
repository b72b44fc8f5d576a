// @vitest-environment jsdom
/**
 * Render budget of the DAG canvas: a storm of tokens for one node
 * re-renders no node at all (node-tail.tsx writes its text to the DOM), and never
 * re-runs the layout or rebuilds the nodes array.
 * Renders are counted with React's <Profiler> around each node (it reports every commit
 * inside the node, including the store-driven ones), and React Flow's calls to the node
 * component (which happen only when the nodes array hands it a new node object).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { NodeProps, NodeTypes } from '@xyflow/react';
import { Profiler } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';

import { layoutGraph } from '@/features/canvas/layout/layout-graph';
import type { RunFlowNode } from '@/features/canvas/layout/layout-types';
import { GroupNode } from '@/features/canvas/nodes/group-node';
import { RunNode } from '@/features/canvas/nodes/run-node';
import { RunCanvas } from '@/features/canvas/run-canvas';

import { makeSession, withSession } from './make-session';

vi.mock('@/features/canvas/layout/layout-graph', async (importOriginal) => {
  const original = await importOriginal<{ layoutGraph: typeof layoutGraph }>();
  return { ...original, layoutGraph: vi.fn(original.layoutGraph) };
});

// ---- jsdom polyfills React Flow needs (as its testing guide suggests); test-only ----
beforeAll(() => {
  class ResizeObserverStub {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  class DOMMatrixReadOnlyStub {
    m22: number;
    constructor(transform?: string) {
      const scale = transform?.match(/scale\(([\d.]+)\)/)?.[1];
      this.m22 = scale !== undefined ? Number(scale) : 1;
    }
  }
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  vi.stubGlobal('DOMMatrixReadOnly', DOMMatrixReadOnlyStub);
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { configurable: true, get(this: HTMLElement) { return Number.parseFloat(this.style.height) || 1; } },
    offsetWidth: { configurable: true, get(this: HTMLElement) { return Number.parseFloat(this.style.width) || 1; } },
  });
  (SVGElement.prototype as unknown as { getBBox: () => DOMRect }).getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
});

// Test files share a worker (isolate: false): the polyfills leave with this file, or the next
// file's recharts gets a ResizeObserver whose entries have no size, and its chart throws.
const sizes = ['offsetHeight', 'offsetWidth'].map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const);
afterAll(() => {
  vi.unstubAllGlobals();
  for (const [key, descriptor] of sizes) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  delete (SVGElement.prototype as unknown as { getBBox?: unknown }).getBBox;
});

afterEach(() => {
  cleanup();
  vi.mocked(layoutGraph).mockClear();
});

// ---- render counters (module-level, keyed by node id) ----
const commits = new Map<string, number>();
const calls = new Map<string, number>();
const bump = (map: Map<string, number>, id: string) => map.set(id, (map.get(id) ?? 0) + 1);

function CountingRunNode(props: NodeProps<RunFlowNode>) {
  bump(calls, props.id);
  return (
    <Profiler id={props.id} onRender={(id) => bump(commits, id)}>
      <RunNode {...props} />
    </Profiler>
  );
}
const countingNodeTypes = { run: CountingRunNode, runGroup: GroupNode } satisfies NodeTypes;

const snapshot = (map: Map<string, number>) => ({ a: map.get('a') ?? 0, b: map.get('b') ?? 0, c: map.get('c') ?? 0 });

const GRAPH: RunEvent = {
  type: 'graph.defined',
  nodes: [
    { id: 'a', label: 'Fetch', kind: 'tool' },
    { id: 'b', label: 'Summarise', kind: 'agent' },
    { id: 'c', label: 'Review', kind: 'agent' },
  ],
  edges: [
    { source: 'a', target: 'b' },
    { source: 'a', target: 'c' },
  ],
};

describe('canvas render budget', () => {
  it('a storm of 500 tokens for node a re-renders a only and never re-runs the layout', () => {
    commits.clear();
    calls.clear();
    const session = makeSession();
    const onSelect = vi.fn();
    render(withSession(session, <RunCanvas selectedNodeId={undefined} onSelectNode={onSelect} nodeTypes={countingNodeTypes} />));
    act(() => session.apply([GRAPH]));
    act(() => session.apply([{ type: 'node.started', nodeId: 'a', atMs: Date.now() }]));

    expect(screen.getByText('Fetch')).toBeTruthy();
    expect(document.querySelector('[data-id="a"]')?.getAttribute('aria-label')).toBe('Fetch: running');
    expect(document.querySelector('[data-id="b"]')?.getAttribute('aria-label')).toBe('Summarise: pending');
    const layoutsBefore = vi.mocked(layoutGraph).mock.calls.length;
    expect(layoutsBefore).toBeGreaterThan(0);
    const commitsBefore = snapshot(commits);
    const callsBefore = snapshot(calls);
    expect(commitsBefore.b).toBeGreaterThan(0);

    // 500 node.output events in 10 batches of 50, as ingest flushes them per frame.
    for (let batch = 0; batch < 10; batch++) {
      const events: RunEvent[] = Array.from({ length: 50 }, (_, i) => ({ type: 'node.output', nodeId: 'a', delta: `tok${batch * 50 + i} ` }));
      act(() => session.apply(events));
    }

    const commitsAfter = snapshot(commits);
    // Tokens change only a's tail, which node-tail.tsx writes to the DOM: no React commit at all.
    expect(commitsAfter.a).toBe(commitsBefore.a);
    expect(commitsAfter.b).toBe(commitsBefore.b);
    expect(commitsAfter.c).toBe(commitsBefore.c);
    // React Flow did not call any node component again: the nodes array was not rebuilt…
    expect(snapshot(calls)).toEqual(callsBefore);
    // …because the layout did not run.
    expect(vi.mocked(layoutGraph).mock.calls.length).toBe(layoutsBefore);
    // The tail shows on the node (its last tokens), and only there.
    const tail = document.querySelector<HTMLElement>('[data-id="a"] pre');
    expect(tail?.textContent).toContain('tok499');
    expect(tail?.hidden).toBe(false);
    expect(document.querySelector('[data-id="b"] pre')).toBeNull();
    // A finished node shows no streamed text.
    act(() => session.apply([{ type: 'node.completed', nodeId: 'a' }]));
    expect(document.querySelector('[data-id="a"] pre')).toBeNull();
  });

  it('a status change re-renders that node only; a new step re-runs the layout once', () => {
    commits.clear();
    const session = makeSession();
    render(withSession(session, <RunCanvas selectedNodeId={undefined} onSelectNode={() => {}} nodeTypes={countingNodeTypes} />));
    act(() => session.apply([GRAPH]));
    const before = snapshot(commits);
    const layouts = vi.mocked(layoutGraph).mock.calls.length;
    act(() => session.apply([{ type: 'node.failed', nodeId: 'b', error: { message: 'boom', code: 'E_TOOL' } }]));
    const after = snapshot(commits);
    expect(after.b - before.b).toBe(1);
    expect(after.a).toBe(before.a);
    expect(after.c).toBe(before.c);
    expect(screen.getByText('E_TOOL: boom')).toBeTruthy();
    expect(vi.mocked(layoutGraph).mock.calls.length).toBe(layouts);

    act(() => session.apply([{ type: 'graph.defined', nodes: [{ id: 'd', label: 'Publish' }], edges: [{ source: 'c', target: 'd' }] }]));
    expect(vi.mocked(layoutGraph).mock.calls.length).toBe(layouts + 1);
    expect(screen.getByText('Publish')).toBeTruthy();
  });

  it('a run that grows calls no step already on the canvas again (React Flow keeps their objects)', () => {
    calls.clear();
    const session = makeSession();
    render(withSession(session, <RunCanvas selectedNodeId={undefined} onSelectNode={() => {}} nodeTypes={countingNodeTypes} />));
    act(() => session.apply([GRAPH]));
    const before = snapshot(calls);
    expect(before.a).toBeGreaterThan(0);
    act(() => session.apply([{ type: 'graph.defined', nodes: [{ id: 'd', label: 'Publish' }], edges: [{ source: 'c', target: 'd' }] }]));
    act(() => session.apply([{ type: 'node.started', nodeId: 'e', label: 'Loose step', atMs: Date.now() }]));
    expect(screen.getByText('Publish')).toBeTruthy();
    expect(screen.getByText('Loose step')).toBeTruthy();
    expect(snapshot(calls)).toEqual(before);
  });
});

describe('RunCanvas', () => {
  it('says so when the run has no steps yet', () => {
    const session = makeSession();
    render(withSession(session, <RunCanvas selectedNodeId={undefined} onSelectNode={() => {}} />));
    expect(screen.getByText('No nodes yet — the run has not reported its steps')).toBeTruthy();
  });

  it('shows status as text, marks edge-less steps, and selects by click, Enter and arrows', () => {
    const session = makeSession();
    const onSelect = vi.fn();
    render(withSession(session, <RunCanvas selectedNodeId="a" onSelectNode={onSelect} />));
    act(() =>
      session.apply([
        GRAPH,
        { type: 'graph.defined', nodes: [{ id: 'lone', label: 'Audit' }], edges: [] },
        { type: 'node.skipped', nodeId: 'c' },
        { type: 'node.retrying', nodeId: 'b', attempt: 2, error: { message: 'rate limited' } },
      ]),
    );
    expect(screen.getByText('not run')).toBeTruthy();
    expect(screen.getByText('attempt 2')).toBeTruthy();
    expect(screen.getByText(/no known dependencies/)).toBeTruthy();
    expect(screen.getByText('last error: rate limited')).toBeTruthy();

    act(() => session.apply([{ type: 'gate.opened', gateId: 'g1', nodeId: 'lone', kind: 'approval', message: 'Ship it?', options: [] }]));
    expect(screen.getByText('waiting for approval')).toBeTruthy();
    expect(document.querySelector('[data-id="lone"]')?.getAttribute('aria-label')).toBe('Audit: waiting for approval');

    fireEvent.click(screen.getByText('Summarise'));
    expect(onSelect).toHaveBeenLastCalledWith('b');
    const wrapperA = document.querySelector<HTMLElement>('.react-flow__node[data-id="a"]')!;
    fireEvent.keyDown(wrapperA, { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith('a');
    fireEvent.keyDown(wrapperA, { key: 'ArrowRight' });
    expect(['b', 'c']).toContain(onSelect.mock.lastCall?.[0]);
    fireEvent.keyDown(wrapperA, { key: 'Escape' });
    expect(onSelect).toHaveBeenLastCalledWith(undefined);
  });

  it('collapses a wide fan-out into one group with counts as text, and expands it on request', () => {
    const session = makeSession();
    render(withSession(session, <RunCanvas selectedNodeId={undefined} onSelectNode={() => {}} />));
    const branches = Array.from({ length: 8 }, (_, i) => ({ id: `m${i}`, label: `chunk ${i}` }));
    act(() =>
      session.apply([
        {
          type: 'graph.defined',
          nodes: [{ id: 'split', label: 'Split' }, ...branches, { id: 'join', label: 'Join' }],
          edges: branches.flatMap((b) => [{ source: 'split', target: b.id }, { source: b.id, target: 'join' }]),
        },
        { type: 'node.started', nodeId: 'm0' },
        { type: 'node.started', nodeId: 'm1' },
        { type: 'node.completed', nodeId: 'm2' },
      ]),
    );
    expect(screen.getByTestId('group-summary').textContent).toBe('2 running · 5 pending · 1 succeeded');
    expect(screen.queryByText('chunk 0')).toBeNull();
    const expand = screen.getByRole('button', { name: /Expand chunk/ });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(expand);
    expect(screen.getByText('chunk 0')).toBeTruthy();
    const collapse = screen.getByRole('button', { name: /Collapse chunk/ });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(collapse);
    expect(screen.queryByText('chunk 0')).toBeNull();
  });
});
