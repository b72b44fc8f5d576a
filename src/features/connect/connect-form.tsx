import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { tooLong } from '@/lib/input-bounds';

import { checkBackendUrl, type UrlCheck } from '@/features/connect/check-backend-url';

export type DialectChoice = Readonly<{ id: string; label: string; startsRuns: boolean; urlHint: string }>;

export type ConnectRequest = Readonly<{
  dialect: string;
  url: string;
  run: string;
  start?: string;
  token: string;
  remember: boolean;
}>;

type Props = Readonly<{
  dialects: readonly DialectChoice[];
  initial?: Partial<ConnectRequest>;
  onSubmit: (request: ConnectRequest) => void;
}>;

/**
 * Connect to a backend: dialect, backend URL, run id, token. The token is held in memory
 * only (sessionStorage for this tab when "remember" is ticked) and never enters the URL.
 * Dialects whose client starts runs get an instructions box and a "Start run" button.
 */
export function ConnectForm({ dialects, initial, onSubmit }: Props) {
  const [dialect, setDialect] = useState(initial?.dialect ?? dialects[0]?.id ?? '');
  const [url, setUrl] = useState(initial?.url ?? '');
  const [run, setRun] = useState(initial?.run ?? '');
  const [start, setStart] = useState(initial?.start ?? '');
  const [token, setToken] = useState(initial?.token ?? '');
  const [remember, setRemember] = useState(false);
  const [urlCheck, setUrlCheck] = useState<UrlCheck>({ ok: true });
  const [runProblem, setRunProblem] = useState<string>();
  const ids = { dialect: useId(), url: useId(), urlProblem: useId(), run: useId(), runProblem: useId(), start: useId(), token: useId(), remember: useId() };
  const choice = dialects.find((d) => d.id === dialect);
  const starts = choice?.startsRuns ?? false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkBackendUrl(url, choice?.urlHint ?? 'http://host:port');
    setUrlCheck(check);
    if (!check.ok) {
      document.getElementById(ids.url)?.focus();
      return;
    }
    // Checked here as well as in the URL: a pasted megabyte never becomes a link or a request.
    const runTooLong = tooLong('run', run.trim());
    setRunProblem(runTooLong);
    if (runTooLong) {
      document.getElementById(ids.run)?.focus();
      return;
    }
    onSubmit({ dialect, url: url.trim(), run: run.trim(), token, remember, ...(starts ? { start } : {}) });
  };

  const field = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800';
  const label = 'text-xs font-semibold text-slate-600 dark:text-slate-300';
  return (
    <form onSubmit={submit} aria-label="Connect to a backend" className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.dialect} className={label}>Protocol</label>
        <select id={ids.dialect} value={dialect} onChange={(e) => setDialect(e.target.value)} className={field}>
          {dialects.map((d) => (
            <option key={d.id} value={d.id}>{d.label}</option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.url} className={label}>Backend URL</label>
        <input
          id={ids.url}
          required
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            if (!urlCheck.ok) setUrlCheck({ ok: true });
          }}
          placeholder={choice?.urlHint}
          aria-invalid={!urlCheck.ok}
          aria-describedby={urlCheck.ok ? undefined : ids.urlProblem}
          className={field}
        />
        {!urlCheck.ok && (
          <UrlProblem
            id={ids.urlProblem}
            check={urlCheck}
            onFix={(fixed) => {
              setUrl(fixed);
              setUrlCheck({ ok: true });
              document.getElementById(ids.url)?.focus();
            }}
          />
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.run} className={label}>{starts ? 'Run / thread id (optional)' : 'Run id'}</label>
        <input
          id={ids.run}
          required={!starts}
          value={run}
          onChange={(e) => {
            setRun(e.target.value);
            setRunProblem(undefined);
          }}
          aria-invalid={runProblem !== undefined}
          aria-describedby={runProblem === undefined ? undefined : ids.runProblem}
          className={field}
        />
        {runProblem && (
          <p id={ids.runProblem} role="alert" className="text-xs text-red-700 dark:text-red-300">
            {runProblem} Nothing was sent.
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.token} className={label}>Token (kept in memory, never in the URL)</label>
        <input id={ids.token} type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} className={field} />
        <span className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
          <input id={ids.remember} type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <label htmlFor={ids.remember}>Remember for this browser tab only</label>
        </span>
      </div>
      {starts && (
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={ids.start} className={label}>Instructions for the new run</label>
          <textarea id={ids.start} rows={2} value={start} onChange={(e) => setStart(e.target.value)} className={field} />
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" variant="primary">{starts ? 'Continue to start' : 'Open run'}</Button>
      </div>
    </form>
  );
}

function UrlProblem({ id, check, onFix }: { id: string; check: Extract<UrlCheck, { ok: false }>; onFix: (url: string) => void }) {
  return (
    <div id={id} role="alert" className="flex flex-wrap items-center gap-2 text-xs text-red-700 dark:text-red-300">
      <span>{check.problem}</span>
      {check.fix && (
        <Button size="sm" variant="secondary" onClick={() => onFix(check.fix ?? '')}>
          Use {check.fix}
        </Button>
      )}
    </div>
  );
}
