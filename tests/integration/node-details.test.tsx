// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';

import { NodeDetails } from '@/features/inspector/node-details';

import { makeSession, withSession } from './make-session';

afterEach(cleanup);

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

function story(): RunEvent[] {
  return [
    { type: 'graph.defined', nodes: [{ id: 'w', label: 'Writer', kind: 'agent' }], edges: [] },
    { type: 'node.started', nodeId: 'w', atMs: T0, frame: 0 },
    { type: 'tool.called', nodeId: 'w', tool: 'http_get', callId: 'c1', args: { url: 'https://x', auth: { secret: true, ref: 'GITHUB_TOKEN' } }, frame: 1 },
    { type: 'tool.result', nodeId: 'w', tool: 'http_get', callId: 'c1', ok: true, result: { status: 200 }, durationMs: 40, frame: 2 },
    { type: 'cost.recorded', nodeId: 'w', model: 'm', micros: 2_000, currency: 'USD', inputTokens: 10, outputTokens: 4, frame: 3 },
    { type: 'node.retrying', nodeId: 'w', attempt: 1, delayMs: 500, error: { message: 'upstream 503', code: 'E_UPSTREAM', retryable: true }, frame: 4 },
    { type: 'node.started', nodeId: 'w', atMs: T0 + 1_000, frame: 5 },
    { type: 'node.output', nodeId: 'w', delta: 'Dear ', frame: 6 },
    { type: 'node.output', nodeId: 'w', delta: 'reader', frame: 7 },
    { type: 'cost.recorded', nodeId: 'w', model: 'm', micros: 3_000, currency: 'USD', frame: 8 },
    { type: 'gate.opened', gateId: 'g1', nodeId: 'w', kind: 'approval', message: 'Publish the letter?', requester: 'writer-agent', options: [], atMs: T0 + 2_000, frame: 9 },
    { type: 'gate.resolved', gateId: 'g1', nodeId: 'w', decision: 'approve', decidedBy: 'ana@example.com', atMs: T0 + 3_000, frame: 10 },
    { type: 'node.completed', nodeId: 'w', output: { letter: 'Dear reader', key: { secret: true, ref: 'SMTP_PASSWORD' } }, atMs: T0 + 4_000, frame: 11 },
  ];
}

function setup() {
  const session = makeSession();
  for (const e of story()) if (e.frame !== undefined) session.frames[e.frame] = { n: e.frame, wire: e.type };
  const onClose = vi.fn();
  render(withSession(session, <NodeDetails nodeId="w" onClose={onClose} />));
  act(() => session.apply(story()));
  return { session, onClose, panel: screen.getByRole('complementary', { name: 'Node details: Writer' }) };
}

const section = (panel: HTMLElement, name: string) => within(panel).getByRole('region', { name });

describe('NodeDetails', () => {
  it('is a labelled landmark with the node facts as text', () => {
    const { panel } = setup();
    expect(within(panel).getByRole('heading', { name: 'Writer' })).toBeTruthy();
    const fact = (name: string) => panel.querySelector(`[data-fact="${name}"]`)?.textContent;
    expect(fact('kind')).toBe('agent');
    expect(fact('status')).toBe('succeeded');
    expect(fact('attempt')).toBe('2');
    expect(fact('elapsed')).toBe('3.0 s'); // the current attempt started at T0 + 1 s
    expect(fact('cost')).toBe('$0.005');
  });

  it('shows the output with secrets redacted, and the streamed text', () => {
    const { panel } = setup();
    const output = section(panel, 'Output');
    expect(output.textContent).toContain('"letter": "Dear reader"');
    expect(output.textContent).toContain('[redacted secret: SMTP_PASSWORD]');
    expect(output.textContent).not.toContain('"secret": true');
    expect(within(section(panel, 'Streamed text')).getByText('Dear reader')).toBeTruthy();
  });

  it('pairs tool calls with their results and redacts secret arguments', () => {
    const { panel } = setup();
    const tools = section(panel, 'Tool calls');
    expect(tools.textContent).toContain('http_get');
    expect(tools.textContent).toContain('✓ ok in 40 ms');
    expect(within(tools).getByLabelText('http_get arguments').textContent).toContain('[redacted secret: GITHUB_TOKEN]');
    expect(within(tools).getByLabelText('http_get result').textContent).toContain('"status": 200');
  });

  it('lists errors with their codes, retries, cost by attempt and gate decisions', () => {
    const { panel } = setup();
    expect(within(section(panel, 'Errors')).getByText('E_UPSTREAM')).toBeTruthy();
    expect(section(panel, 'Retries').textContent).toContain('Attempt 1 failed (E_UPSTREAM: upstream 503); retrying after 500 ms');
    const attempts = within(section(panel, 'Cost by attempt')).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(attempts).toEqual(['1104$0.002', '200$0.003']);
    const gates = section(panel, 'Gate decisions').textContent ?? '';
    expect(gates).toContain('approval g1 opened by writer-agent: Publish the letter?');
    expect(gates).toContain('g1 decided: approve by ana@example.com');
    expect(gates).toContain('12:00:03.000');
  });

  it('shows the raw frames behind the node and closes on request', () => {
    const { panel, onClose } = setup();
    const frames = section(panel, 'Raw frames');
    // The two node.output frames coalesced into one row, which keeps its first frame (#6).
    expect(within(frames).getAllByRole('listitem')).toHaveLength(11);
    expect(within(frames).getByText('frame #9 (row 9)')).toBeTruthy();
    expect(within(frames).getByLabelText('frame-11').textContent).toContain('"wire": "node.completed"');
    fireEvent.click(within(panel).getByRole('button', { name: 'Close node details' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('updates live as the node streams text', () => {
    const { session, panel } = setup();
    act(() => session.apply([{ type: 'node.output', nodeId: 'w', delta: ', thanks' }]));
    expect(within(section(panel, 'Streamed text')).getByText('Dear reader, thanks')).toBeTruthy();
  });
});
