import type { ReactNode } from 'react';

import { ReceivedMark } from '@/components/ui/received-mark';
import { formatClockTime } from '@/lib/format-clock-time';
import { formatMoney } from '@/lib/format-money';
import { useRunSession } from '@/stores/run-session';
import {
  useConnectionHealth,
  useLastEventAtMs,
  useLatestGateVerdict,
  useNodeCounts,
  useRunError,
  useRunStatus,
  useRunTimes,
  useRunTitle,
  useRunTurnedDown,
  useTotalCost,
} from '@/stores/run-selectors';

import { ElapsedClock } from '@/features/run-header/elapsed-clock';
import { RunStatusBadge } from '@/features/run-header/run-status-badge';

/**
 * Run at a glance on ONE line: title (the run id beside it, secondary), status, cost,
 * tokens, elapsed, start, backend, gate decision, node counts, then the controls.
 * Numbers are tabular and sit in slots of a fixed minimum width, so the line neither
 * wraps nor jumps as they change; the less urgent facts give way on narrow screens
 * (tokens and start below 1280 px; the run id, the backend, the token split and the gate's
 * decision below 1536 px — the badge still says when a gate turned the run down; the run id
 * stays in the run switcher and the title's tooltip).
 */
export function RunHeader({ actions }: { actions?: ReactNode }) {
  const session = useRunSession();
  const status = useRunStatus();
  const title = useRunTitle();
  const { startedAtMs, endedAtMs, received } = useRunTimes();
  const cost = useTotalCost();
  const error = useRunError();
  const counts = useNodeCounts();
  const turnedDown = useRunTurnedDown();
  const gateVerdict = useLatestGateVerdict();
  const health = useConnectionHealth();
  const connection = health.state;
  // A replay's clock stops at the event on screen, not at the wall clock.
  const lastEventAtMs = useLastEventAtMs(session.mode === 'replay');
  const until = endedAtMs ?? lastEventAtMs;
  return (
    <header className="border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
      {/* As tall as the run's control buttons, which go when the run ends: the panes below do not move then. */}
      <div className="flex min-h-6.5 min-w-0 items-center gap-x-4">
        {/* The facts give way before the title does (flex-shrink 4 to 1). */}
        <div className="flex min-w-[8rem] shrink items-baseline gap-2">
          <h1 className="min-w-0 truncate text-base font-semibold" title={title ? `${title} (run ${session.runId})` : session.runId}>
            {title ?? session.runId}
          </h1>
          {title && <span className="hidden shrink truncate font-mono text-xs text-slate-500 2xl:inline dark:text-slate-400">{session.runId}</span>}
        </div>
        <RunStatusBadge status={status} turnedDown={turnedDown} blindSpot={health.blindSpot} />
        <dl className="flex min-w-0 shrink-[4] items-center gap-x-4 overflow-hidden text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">
          <Fact term="Total cost">
            {cost.costReported ? (
              <span data-testid="total-cost" className="inline-block min-w-[7ch] font-semibold text-slate-900 tabular-nums dark:text-slate-50">
                {formatMoney(cost.micros, cost.currency)}
              </span>
            ) : (
              <span data-testid="total-cost" className="text-slate-500 italic dark:text-slate-400">no cost reported</span>
            )}
          </Fact>
          <Fact term="Tokens" className="hidden xl:flex">
            {cost.tokensReported ? (
              <>
                <span data-testid="total-tokens" className="inline-block min-w-[5ch] tabular-nums">{count(cost.inputTokens + cost.outputTokens + cost.unsplitTokens)}</span>
                <span className="hidden tabular-nums 2xl:inline"> ({tokenSplit(cost)})</span>
              </>
            ) : (
              <span data-testid="total-tokens" className="text-slate-500 italic dark:text-slate-400">no tokens reported</span>
            )}
          </Fact>
          <Fact term="Elapsed">
            <span data-testid="run-elapsed" className="inline-block min-w-[5ch]">
              <ElapsedClock {...(startedAtMs !== undefined ? { startedAtMs } : {})} {...(until !== undefined ? { endedAtMs: until } : {})} />
              {received && startedAtMs !== undefined && <ReceivedMark compact />}
            </span>
          </Fact>
          <Fact term="Started" className="hidden xl:flex">
            <span data-testid="run-started" className="tabular-nums">
              {startedAtMs ? formatClockTime(startedAtMs) : '—'}
              {received && startedAtMs !== undefined && <ReceivedMark />}
            </span>
          </Fact>
          <Fact term="Backend" className="hidden 2xl:flex">{session.dialect.label}</Fact>
          {gateVerdict && (
            <Fact term="Gate" className="hidden 2xl:flex">
              {gateVerdict}
            </Fact>
          )}
          {counts && (
            <Fact term="Nodes" className="flex min-w-0">
              <span className="block truncate tabular-nums" title={counts}>{counts}</span>
            </Fact>
          )}
        </dl>
        <div className="ml-auto flex shrink-0 items-center gap-2">{actions}</div>
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

/** "4,246 in / 4,281 out", and the tokens a backend gave without a split (MARS token-only records). */
function tokenSplit({ inputTokens, outputTokens, unsplitTokens }: { inputTokens: number; outputTokens: number; unsplitTokens: number }): string {
  const parts = [`${count(inputTokens)} in`, `${count(outputTokens)} out`];
  if (unsplitTokens > 0) parts.push(`${count(unsplitTokens)} not split`);
  return parts.join(' / ');
}

function Fact({ term, children, className = 'flex' }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={`${className} items-center gap-1`}>
      <dt className="text-slate-600 dark:text-slate-400">{term}:</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
