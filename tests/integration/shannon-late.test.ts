/**
 * A Shannon run opened late, live against the simulator's real SSE server: ~560 events
 * happened before the session opened, the stream's ring keeps the newest 256 (token deltas
 * among them, numbered), the history keeps every event but deltas and prompts. The session
 * must show the run's end, fill what the history holds, and say once — never retry — that
 * the rest is no longer available.
 */
import { describe, expect, test } from 'vitest';

import { eventsOf as events, rowsOf as rows, setUpShannonHarness } from './shannon-harness';
import { waitFor } from './wait-for';
import { nodeRecord } from '@/stores/node-map';

const { open, received, sim } = setUpShannonHarness();

describe('shannon: a run opened late', () => {
  test('shows its end, fills the history in pages the gateway accepts, and says once what is gone', async () => {
    const runId = 'shannon-late~live';
    const session = open(runId);
    await waitFor(() => session.run.getState().status === 'succeeded', 'the run’s end to show', 20_000);
    // Every step, including those whose events left the ring, ends as the history says.
    const nodes = nodeRecord(session.nodeStatus.getState().byId);
    expect(Object.fromEntries(Object.entries(nodes).map(([id, n]) => [id, n.status]))).toEqual({ crawl: 'succeeded', links: 'succeeded', summarise: 'succeeded', report: 'succeeded' });
    // The costs of the calls that left the ring come from the history's LLM_OUTPUT rows.
    expect(session.run.getState().cost.points.reduce((sum, p) => sum + p.micros, 0)).toBe(4100 + 2200 + 3300 + 5100);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const gone = rows(session, /no longer available/);
    expect(gone).toHaveLength(1);
    expect(gone[0]).toMatchObject({ message: expect.stringMatching(/newest few hundred stream events and never stores token deltas/) });
    expect(rows(session, /^Gap: /)).toHaveLength(1);
    // One refill: the history read page by page (limit 200, offsets 0 and 200), the stream opened once.
    const pages = received(runId, 'history').map((c) => new URL((c.body as { url: string }).url, sim().url).searchParams);
    expect(pages.map((p) => [p.get('limit'), p.get('offset')])).toEqual([
      ['200', '0'],
      ['200', '200'],
    ]);
    expect(received(runId, 'stream.open')).toHaveLength(1);
    expect(session.run.getState().stats.rejected).toBe(0);
    // The pause before the session opened is read from its history rows (WORKFLOW_PAUSED…), not shown raw.
    expect(events(session).filter((e) => e.type === 'raw')).toEqual([]);
    expect(events(session).filter((e) => e.type === 'run.paused' || e.type === 'run.resumed').map((e) => e.type)).toEqual(['run.paused', 'run.resumed']);
  });
});
