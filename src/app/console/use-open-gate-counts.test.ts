import { expect, test } from 'vitest';

import { withOpenGates } from '@/app/console/use-open-gate-counts';
import type { RunSummary } from '@/protocol/run-summary';

const run = (patch: Partial<RunSummary>): RunSummary => ({ runId: 'r', title: 'r', status: 'running', statusText: 'TASK_STATUS_RUNNING', ...patch });

test('an active run with a gate seen waiting here reads waiting, with the count; the backend’s own words stay', () => {
  expect(withOpenGates(run({}), 1)).toEqual(run({ status: 'waiting', waitingGates: 1 }));
  expect(withOpenGates(run({}), undefined)).toEqual(run({}));
  expect(withOpenGates(run({ status: 'waiting', waitingGates: 2 }), 1)).toEqual(run({ status: 'waiting', waitingGates: 2 }));
  // A run the list says is over is over: a stale session's gate does not revive it.
  expect(withOpenGates(run({ status: 'succeeded' }), 1)).toEqual(run({ status: 'succeeded' }));
});
