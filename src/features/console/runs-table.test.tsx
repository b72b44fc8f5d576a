// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { RunSummary } from '@/protocol/run-summary';

import type { ConsoleRow } from '@/features/console/console-rows';
import { RunsTable } from '@/features/console/runs-table';

afterEach(cleanup);

const row = (runId: string, extra: Partial<RunSummary>): ConsoleRow => ({
  key: `b/${runId}`,
  backendId: 'b',
  backendLabel: 'B',
  run: { runId, title: runId, status: 'succeeded', statusText: 'done', ...extra },
});

describe('RunsTable cost column', () => {
  it('says "no cost reported" where the list states no cost, and shows a stated cost', () => {
    render(<RunsTable rows={[row('quiet', {}), row('priced', { costMicros: 4_200, currency: 'USD' })]} caption="Runs" showBackend={false} nowMs={0} onOpen={() => {}} empty={null} />);
    const cells = screen.getAllByRole('row').slice(1).map((r) => r.textContent ?? '');
    expect(cells[0]).toContain('no cost reported');
    expect(cells[0]).not.toContain('$');
    expect(cells[1]).toContain('$0.0042');
  });
});
