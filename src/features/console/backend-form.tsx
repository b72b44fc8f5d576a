/**
 * Add or edit a kept backend: protocol, URL, a label, tolky's session, and a token that is
 * never stored with the backend (memory, or this tab when "remember" is ticked). "Test
 * connection" asks the backend something harmless before anything is kept.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';

import { checkBackendUrl } from '@/features/connect/check-backend-url';
import type { TestResult } from '@/features/console/backend-row';

export type ProtocolChoice = Readonly<{ id: string; label: string; urlHint: string; needsSession: boolean }>;

export type BackendDraft = Readonly<{ dialect: string; url: string; label: string; session: string; token: string; rememberToken: boolean }>;

type Props = Readonly<{
  title: string;
  protocols: readonly ProtocolChoice[];
  initial?: Partial<BackendDraft>;
  onSave: (draft: BackendDraft) => string | undefined;
  onTest: (draft: BackendDraft) => Promise<TestResult>;
  onClose: () => void;
}>;

const FIELD = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800';
const LABEL = 'text-xs font-semibold text-slate-600 dark:text-slate-300';

export function BackendFormDialog({ title, protocols, initial, onSave, onTest, onClose }: Props) {
  const [draft, setDraft] = useState<BackendDraft>({
    dialect: initial?.dialect ?? protocols[0]?.id ?? '',
    url: initial?.url ?? '',
    label: initial?.label ?? '',
    session: initial?.session ?? '',
    token: '',
    rememberToken: false,
  });
  const [problem, setProblem] = useState<{ text: string; fix?: string | undefined }>();
  const [test, setTest] = useState<TestResult | 'testing'>();
  const ids = { dialect: useId(), url: useId(), label: useId(), session: useId(), token: useId(), remember: useId() };
  const protocol = protocols.find((p) => p.id === draft.dialect);
  // Any edit makes the last problem and the last test result stale: neither is shown for a URL it was not about.
  const set = (patch: Partial<BackendDraft>) => {
    setDraft({ ...draft, ...patch });
    setTest(undefined);
    setProblem(undefined);
  };
  const urlProblem = checkUrl(draft.url, protocol?.urlHint ?? 'http://host:port');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (urlProblem) return setProblem(urlProblem);
    const refused = onSave({ ...draft, url: draft.url.trim() });
    setProblem(refused === undefined ? undefined : { text: refused });
  };
  const runTest = () => {
    setProblem(urlProblem);
    if (urlProblem) return;
    setTest('testing');
    void onTest({ ...draft, url: draft.url.trim() }).then(setTest, (error: unknown) => setTest({ ok: false, message: String(error) }));
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(34rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-2xl dark:border-slate-700 dark:bg-slate-900">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
            Kept in this browser (protocol, URL and label; never the token). Its runs join the console.
          </Dialog.Description>
          <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label={title}>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.dialect} className={LABEL}>Protocol</label>
              <select id={ids.dialect} value={draft.dialect} onChange={(e) => set({ dialect: e.target.value })} className={FIELD}>
                {protocols.map((p) => (
                  <option key={p.id} value={p.id}>{p.label}</option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.label} className={LABEL}>Label (optional)</label>
              <input id={ids.label} value={draft.label} onChange={(e) => set({ label: e.target.value })} placeholder="e.g. Production" className={FIELD} />
            </div>
            <div className="flex flex-col gap-1 sm:col-span-2">
              <label htmlFor={ids.url} className={LABEL}>Backend URL</label>
              <input id={ids.url} required value={draft.url} onChange={(e) => set({ url: e.target.value })} placeholder={protocol?.urlHint} className={FIELD} />
            </div>
            {protocol?.needsSession && (
              <div className="flex flex-col gap-1 sm:col-span-2">
                <label htmlFor={ids.session} className={LABEL}>Session id (tolky lists the intents of one session)</label>
                <input id={ids.session} value={draft.session} onChange={(e) => set({ session: e.target.value })} className={FIELD} />
              </div>
            )}
            <div className="flex flex-col gap-1 sm:col-span-2">
              <label htmlFor={ids.token} className={LABEL}>Token (optional; held in memory, never kept with the backend)</label>
              <input id={ids.token} type="password" autoComplete="off" value={draft.token} onChange={(e) => set({ token: e.target.value })} className={FIELD} />
              <span className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
                <input id={ids.remember} type="checkbox" checked={draft.rememberToken} onChange={(e) => set({ rememberToken: e.target.checked })} />
                <label htmlFor={ids.remember}>Remember the token for this browser tab only</label>
              </span>
            </div>
            {(problem || test) && (
              <p role="status" className={`flex flex-wrap items-center gap-2 text-sm sm:col-span-2 ${problem || (test !== 'testing' && !test?.ok) ? 'text-red-800 dark:text-red-300' : 'text-emerald-800 dark:text-emerald-300'}`}>
                {problem?.text ?? (test === 'testing' ? 'Testing the connection…' : `${test?.ok ? '✓' : '✕'} ${test?.message ?? ''}`)}
                {problem?.fix && (
                  <Button size="sm" variant="secondary" onClick={() => set({ url: problem.fix ?? draft.url })}>
                    Use {problem.fix}
                  </Button>
                )}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
              <Button onClick={runTest} disabled={test === 'testing'}>Test connection</Button>
              <Dialog.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" variant="primary">{initial?.url ? 'Save' : 'Add backend'}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The start page's check (which offers the scheme when only that is missing), then the schemes a backend is reached by. */
function checkUrl(value: string, hint: string): { text: string; fix?: string | undefined } | undefined {
  const check = checkBackendUrl(value, hint);
  if (!check.ok) return { text: check.problem, fix: check.fix };
  return ['http:', 'https:', 'ws:', 'wss:'].includes(new URL(value.trim()).protocol) ? undefined : { text: 'The URL must start with http(s):// or ws(s)://.' };
}
