/**
 * One kept backend in the console: what it is, how its list is doing (its problem and the
 * reason, on its own row, while the others keep working), the watch switch and its actions.
 */
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import type { KeptBackend } from '@/stores/backends-store';
import type { BackendListState, WatchState } from '@/stores/run-list-store';

import { BackendHealth } from '@/features/console/backend-health';
import { WatchSwitch } from '@/features/console/watch-switch';

export type TestResult = Readonly<{ ok: boolean; message: string }>;

export type BackendActions = Readonly<{
  onOpenList: (backend: KeptBackend) => void;
  onStart?: (backend: KeptBackend) => void;
  onEdit: (backend: KeptBackend) => void;
  onRemove: (backend: KeptBackend) => void;
  onTest: (backend: KeptBackend) => Promise<TestResult>;
  onWatch: (backend: KeptBackend, on: boolean) => void;
}>;

type Props = Readonly<{
  backend: KeptBackend;
  protocolLabel: string;
  listable: boolean;
  canStart: boolean;
  unwatchable?: string;
  maxStreams: number;
  list: BackendListState | undefined;
  watch: WatchState | undefined;
  nowMs: number;
  actions: BackendActions;
}>;

export function BackendRow({ backend, protocolLabel, listable, canStart, unwatchable, maxStreams, list, watch, nowMs, actions }: Props) {
  const [test, setTest] = useState<TestResult | 'testing'>();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const runTest = () => {
    setTest('testing');
    void actions.onTest(backend).then(setTest, (error: unknown) => setTest({ ok: false, message: String(error) }));
  };
  return (
    <li aria-label={backend.label} data-backend={backend.id} className="flex flex-col gap-1.5 p-3">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{backend.label}</span>
        <span className="text-xs text-slate-600 dark:text-slate-300">{protocolLabel}</span>
      </p>
      <p className="truncate font-mono text-xs text-slate-600 dark:text-slate-400" title={backend.url}>
        {backend.url}
        {backend.session && <span className="font-sans"> · session {backend.session}</span>}
      </p>
      <p className="text-xs">
        <BackendHealth list={list} nowMs={nowMs} listable={listable} />
      </p>
      {test && (
        <p role="status" className={`text-xs ${test === 'testing' ? 'text-slate-600 dark:text-slate-300' : test.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'}`}>
          {testText(test, list)}
        </p>
      )}
      <WatchSwitch
        on={backend.watchRunning}
        watch={watch}
        maxStreams={maxStreams}
        label={backend.label}
        onChange={(on) => actions.onWatch(backend, on)}
        {...(unwatchable ? { unavailable: unwatchable } : {})}
      />
      <div className="flex flex-wrap items-center gap-1">
        <Button size="sm" onClick={() => actions.onOpenList(backend)}>Runs</Button>
        {canStart && actions.onStart && (
          <Button size="sm" onClick={() => actions.onStart?.(backend)}>Start run…</Button>
        )}
        <Button size="sm" variant="ghost" onClick={runTest} disabled={test === 'testing'}>Test connection</Button>
        <Button size="sm" variant="ghost" onClick={() => actions.onEdit(backend)}>Edit</Button>
        {confirmRemove ? (
          <span className="flex items-center gap-1 text-xs">
            Remove?
            <Button size="sm" variant="danger" onClick={() => actions.onRemove(backend)}>Remove</Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirmRemove(false)}>Keep</Button>
          </span>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setConfirmRemove(true)} aria-label={`Remove ${backend.label}`}>Remove</Button>
        )}
      </div>
    </li>
  );
}

/** The test's answer; when it is the problem the row already states, it is not said a second time. */
function testText(test: TestResult | 'testing', list: BackendListState | undefined): string {
  if (test === 'testing') return 'Testing the connection…';
  if (!test.ok && list?.phase === 'failed' && list.problem?.message === test.message) return '✕ Tested again: the same answer as above.';
  return `${test.ok ? '✓' : '✕'} ${test.message}`;
}
