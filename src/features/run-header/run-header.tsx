import type { ReactNode } from 'react';

import { formatMoney } from '@/lib/format-money';
import { useRunSession } from '@/stores/run-session';
import { useConnectionHealth, useLastEventAtMs, useNodeCounts, useRunError, useRunStatus, useRunTimes, useRunTitle, useTotalCost } from '@/stores/run-selectors';

import { ElapsedClock } from '@/features/run-header/elapsed-clock';
import { RunStatusBadge } from '@/features/run-header/run-status-badge';

/** Run at a glance: title, status, elapsed, total cost and tokens, start time, backend. */
export function RunHeader({ actions }: { actions?: ReactNode }) {
  const session = useRunSession();
  const status = useRunStatus();
  const title = useRunTitle();
  const { startedAtMs, endedAtMs } = useRunTimes();
  const cost = useTotalCost();
  const error = useRunError();
  const counts = useNodeCounts();
  const connection = useConnectionHealth().state;
  // A replay's clock stops at the event on screen, not at the wall clock.
  const lastEventAtMs = useLastEventAtMs(session.mode === 'replay');
  const until = endedAtMs ?? lastEventAtMs;
  return (
    <header className="border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h1 className="min-w-0 truncate text-base font-semibold" title={session.runId}>
          {title ?? session.runId}
        </h1>
        <RunStatusBadge status={status} />
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
          <Fact term="Total cost">
            <span data-testid="total-cost" className="font-semibold text-slate-900 tabular-nums dark:text-slate-50">
              {formatMoney(cost.micros, cost.currency)}
            </span>
          </Fact>
          <Fact term="Tokens">
            <span className="tabular-nums">{tokenText(cost)}</span>
          </Fact>
          <Fact term="Elapsed">
            <ElapsedClock {...(startedAtMs !== undefined ? { startedAtMs } : {})} {...(until !== undefined ? { endedAtMs: until } : {})} />
          </Fact>
          <Fact term="Started">{startedAtMs ? new Date(startedAtMs).toLocaleTimeString() : '—'}</Fact>
          <Fact term="Backend">
            {session.dialect.label} · <span className="font-mono">{session.runId}</span>
          </Fact>
          {counts && <Fact term="Nodes">{counts}</Fact>}
        </dl>
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </div>
      {connection.status === 'error' && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          <span aria-hidden>✕ </span>
          Could not stay connected: {connection.error}. Check the backend URL, the run id and the token, then reload the page.
        </p>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          <span aria-hidden>✕ </span>
          {error}
        </p>
      )}
    </header>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** "8,527 (4,246 in / 4,281 out)", with the tokens a backend gave without a split named too. */
function tokenText({ inputTokens, outputTokens, unsplitTokens }: { inputTokens: number; outputTokens: number; unsplitTokens: number }): string {
  const parts = [`${count(inputTokens)} in`, `${count(outputTokens)} out`];
  if (unsplitTokens > 0) parts.push(`${count(unsplitTokens)} not split`);
  return `${count(inputTokens + outputTokens + unsplitTokens)} (${parts.join(' / ')})`;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1">
      <dt className="text-slate-500 dark:text-slate-400">{term}:</dt>
      <dd>{children}</dd>
    </div>
  );
}
