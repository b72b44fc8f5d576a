// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';

import { Timeline } from '@/features/timeline/timeline';

import { fakeViewport, makeSession, withSession, type TestSession } from './make-session';

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = fakeViewport(600);
});
afterEach(() => {
  cleanup();
  restoreViewport();
});

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

function story(): RunEvent[] {
  return [
    { type: 'run.started', atMs: T0, title: 'Demo', frame: 0 },
    { type: 'log', level: 'info', message: 'booting', atMs: T0 + 5, frame: 1 },
    { type: 'chapter.started', chapterId: 'c1', title: 'Research', atMs: T0 + 10, frame: 2 },
    { type: 'node.started', nodeId: 'search', label: 'Search', atMs: T0 + 20, frame: 3 },
    { type: 'tool.called', nodeId: 'search', tool: 'web', args: { q: 'otters' }, atMs: T0 + 30, frame: 4 },
    { type: 'log', level: 'warn', source: 'runboard', message: 'gap in sequence 5..9, resyncing', atMs: T0 + 40, frame: 5 },
    { type: 'chapter.completed', chapterId: 'c1', atMs: T0 + 2_010, frame: 6 },
    { type: 'chapter.started', chapterId: 'c2', title: 'Write', atMs: T0 + 2_020, frame: 7 },
    { type: 'node.started', nodeId: 'writer', label: 'Writer', atMs: T0 + 2_030, frame: 8 },
    { type: 'node.failed', nodeId: 'writer', error: { message: 'model overloaded', code: 'E_RATE' }, atMs: T0 + 2_040, frame: 9 },
  ];
}

function setup(events: RunEvent[] = story(), props: Partial<Parameters<typeof Timeline>[0]> = {}) {
  const session: TestSession = makeSession();
  events.forEach((e, i) => (session.frames[i] = { seq: i, wire: e.type, token: { secret: true, ref: 'API_KEY' } }));
  const onSelectRow = vi.fn();
  const onSelectNode = vi.fn();
  const view = render(withSession(session, <Timeline onSelectRow={onSelectRow} onSelectNode={onSelectNode} initialFollow={false} {...props} />));
  act(() => session.apply(events));
  return { session, onSelectRow, onSelectNode, view };
}

const rows = (container: HTMLElement) => container.querySelectorAll('[data-row]');
/** Each option of the open Node list as "label id" (the id shown beside a label that differs). */
const optionText = (o: HTMLElement) => Array.from(o.querySelectorAll('span'), (span) => span.textContent).join(' ');
const nodeOptions = () => within(screen.getByRole('listbox', { name: 'Nodes' })).queryAllByRole('option');
const options = () => nodeOptions().map(optionText);
const activeOption = () => {
  const active = nodeOptions().find((o) => o.getAttribute('aria-selected') === 'true');
  return active && optionText(active);
};

/** Types into the Node filter and chooses the first match with Enter. */
function chooseNode(text: string) {
  const field = screen.getByRole('combobox', { name: 'Node' });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

describe('Timeline', () => {
  it('shows an empty state before any event', () => {
    render(withSession(makeSession(), <Timeline />));
    expect(screen.getByText('No events yet — waiting for the stream')).toBeTruthy();
  });

  it('groups rows under a Run group and chapter headings with duration and status', () => {
    const { view } = setup();
    const headings = screen.getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual([
      expect.stringContaining('Run'),
      expect.stringMatching(/Research.*2\.0 s.*completed/),
      expect.stringMatching(/Write.*running.*in progress/),
    ]);
    expect(rows(view.container)).toHaveLength(10);
    expect(screen.getByText('+00:00:00.030')).toBeTruthy();
  });

  it('collapses a chapter with its heading button', () => {
    const { view } = setup();
    const button = within(screen.getByRole('heading', { name: /Research/ })).getByRole('button');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(rows(view.container)).toHaveLength(5);
  });

  it('narrows rows by type, node and search text', () => {
    const { view } = setup();
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'node.started' } });
    expect(rows(view.container)).toHaveLength(2);
    chooseNode('writ');
    expect(rows(view.container)).toHaveLength(1);
    expect((screen.getByRole('combobox', { name: 'Node' }) as HTMLInputElement).value).toBe('Writer');
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'all' } });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Node' }), { key: 'Escape' }); // a closed list: Escape clears the filter
    expect(rows(view.container)).toHaveLength(10);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search timeline' }), { target: { value: 'otters' } });
    expect(rows(view.container)).toHaveLength(1);
    expect(screen.getByText(/Called web/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Write/ })).toBeNull();
  });

  it('the Node filter lists matches as you type, moves with the arrows and changes only on a choice', () => {
    const { view } = setup();
    const field = screen.getByRole('combobox', { name: 'Node' }) as HTMLInputElement;
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(options()).toEqual(['all nodes', 'Search search', 'Writer writer']);
    fireEvent.change(field, { target: { value: 'R' } });
    expect(options()).toEqual(['Search search', 'Writer writer']);
    expect(activeOption()).toBe('Search search');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(activeOption()).toBe('Writer writer');
    fireEvent.change(field, { target: { value: 'otters' } });
    expect(screen.getByText('No node matches')).toBeTruthy();
    fireEvent.keyDown(field, { key: 'Escape' }); // an open list: Escape closes it and puts back the choice
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.value).toBe('');
    expect(rows(view.container)).toHaveLength(10);
    fireEvent.click(field);
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Nodes' })).getByRole('option', { name: /Search/ }));
    expect(rows(view.container)).toHaveLength(2);
    expect(field.value).toBe('Search');
  });

  it('filters log rows by minimum level', () => {
    const { view } = setup();
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'log' } });
    expect(rows(view.container)).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Log level'), { target: { value: 'warn' } });
    expect(rows(view.container)).toHaveLength(1);
  });

  it('marks gaps and errors with an icon and text', () => {
    const { view } = setup();
    const gap = view.container.querySelector('[data-row="5"]') as HTMLElement;
    expect(within(gap).getByText('stream gap')).toBeTruthy();
    const failed = view.container.querySelector('[data-row="9"]') as HTMLElement;
    expect(within(failed).getByText('error')).toBeTruthy();
    expect(within(failed).getByText('Failed: E_RATE: model overloaded')).toBeTruthy();
  });

  it('selects a row by click, reports row and node, and highlights the selected node rows', () => {
    const { view, onSelectRow, onSelectNode } = setup(story(), { selectedNodeId: 'search' });
    const row = view.container.querySelector('[data-row="4"]') as HTMLElement;
    const main = within(row).getByRole('button', { name: /Called web/ });
    fireEvent.click(main);
    expect(onSelectRow).toHaveBeenCalledWith(4);
    expect(onSelectNode).toHaveBeenCalledWith('search');
    expect(main.getAttribute('aria-current')).toBe('true');
    const sibling = view.container.querySelector('[data-row="3"]') as HTMLElement;
    expect(within(sibling).getByText('(selected node)')).toBeTruthy();
  });

  it('opens the raw frame behind a row, with secrets redacted', async () => {
    // The panel loads on first use (lazy); loaded here first so the wait is React's, not the transform's under load.
    await import('@/features/timeline/raw-frame-panel');
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Raw frame of row 4' }));
    const panel = await screen.findByRole('region', { name: 'Raw frame of row 4' });
    expect(panel.textContent).toContain('"wire": "tool.called"');
    expect(panel.textContent).toContain('[redacted secret: API_KEY]');
    expect(panel.textContent).not.toContain('"secret": true');
  });

  it('updates the newest row when streamed tokens coalesce into it', () => {
    const { session, view } = setup([{ type: 'node.output', nodeId: 'w', delta: 'Hello' }]);
    act(() => session.apply([{ type: 'node.output', nodeId: 'w', delta: ', world' }]));
    expect(rows(view.container)).toHaveLength(1);
    expect(screen.getByText('Hello, world')).toBeTruthy();
    expect(screen.getByText('×2')).toBeTruthy();
  });

  it('renders only a window of rows for 100k events', () => {
    const many: RunEvent[] = [{ type: 'chapter.started', chapterId: 'c', title: 'Bulk' }];
    for (let i = 0; i < 100_000; i++) many.push({ type: 'log', level: 'info', message: `line ${i}` });
    const { view, session } = setup(many);
    expect(session.run.getState().logLength).toBe(100_001);
    const count = rows(view.container).length;
    expect(count).toBeGreaterThan(5);
    expect(count).toBeLessThan(80);
    expect(screen.getByRole('status').textContent).toBe('100,001 rows');
  });

  it('with a ResizeObserver, following scrolls once the content has grown, not in the middle of the commit', () => {
    const fire: (() => void)[] = [];
    class ObserverStub {
      constructor(callback: ResizeObserverCallback) {
        fire.push(() => callback([], this as unknown as ResizeObserver));
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', ObserverStub);
    try {
      const many: RunEvent[] = [];
      for (let i = 0; i < 2_000; i++) many.push({ type: 'log', level: 'info', message: `line ${i}` });
      const { view, session } = setup(many, { initialFollow: true });
      const scroller = view.getByTestId('timeline-scroll');
      act(() => fire.forEach((f) => f()));
      const end = scroller.scrollTop;
      expect(end).toBeGreaterThan(50_000);
      act(() => session.apply([{ type: 'log', level: 'info', message: 'newest line' }]));
      expect(scroller.scrollTop).toBe(end); // the commit wrote nothing: no forced layout
      act(() => fire.forEach((f) => f())); // the frame's layout: the content grew by a row
      expect(scroller.scrollTop).toBe(end + 28);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('follows live to the newest row and stops when the person scrolls up', async () => {
    const many: RunEvent[] = [];
    for (let i = 0; i < 2_000; i++) many.push({ type: 'log', level: 'info', message: `line ${i}` });
    const { view, session } = setup(many, { initialFollow: true });
    const follow = screen.getByRole('button', { name: /Follow live/ });
    expect(follow.getAttribute('aria-pressed')).toBe('true');
    act(() => session.apply([{ type: 'log', level: 'info', message: 'newest line' }]));
    expect(await screen.findByText('newest line')).toBeTruthy();
    const scroller = view.getByTestId('timeline-scroll');
    expect(scroller.scrollTop).toBeGreaterThan(50_000);
    scroller.scrollTop = 10_000;
    fireEvent.scroll(scroller);
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    act(() => session.apply([{ type: 'log', level: 'info', message: 'after scrolling up' }]));
    expect(scroller.scrollTop).toBe(10_000);
  });
});
