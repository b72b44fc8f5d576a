import { useEffect, useState } from 'react';

import { cn } from '@/lib/cn';
import { useRunSession } from '@/stores/run-session';
import { useConnectionHealth, useRunStatus } from '@/stores/run-selectors';

import { describeHealth, type HealthTone } from '@/features/health/describe-health';

const TONE_CLASS: Record<HealthTone, string> = {
  ok: 'bg-emerald-500',
  busy: 'bg-sky-500 animate-pulse',
  warn: 'bg-amber-500',
  bad: 'bg-red-500',
  idle: 'bg-slate-400',
};

const TONE_ICON: Record<HealthTone, string> = { ok: '●', busy: '◌', warn: '▲', bad: '✕', idle: '■' };

/** The stream-health indicator: a `role="status"` region read out when the state changes. */
export function ConnectionStatus() {
  const session = useRunSession();
  const health = useConnectionHealth();
  const runStatus = useRunStatus();
  const [now, setNow] = useState(() => Date.now());
  const ticking = health.state.status === 'reconnecting' || health.stale;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  const text = describeHealth(health, session.mode, ticking ? now : Date.now(), runStatus);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Stream status"
      className="flex min-w-0 items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-xs dark:border-slate-700 dark:bg-slate-900"
      title={text.detail}
    >
      <span aria-hidden className={cn('inline-block h-2 w-2 shrink-0 rounded-full', TONE_CLASS[text.tone])} />
      <span aria-hidden className="sr-only">{TONE_ICON[text.tone]}</span>
      <span className="shrink-0 font-semibold whitespace-nowrap">{text.label}</span>
      {text.detail && <span className="truncate text-slate-500 dark:text-slate-400">{text.detail}</span>}
    </div>
  );
}
