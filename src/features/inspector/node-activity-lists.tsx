/** Errors (with codes), retries and logs of the node: plain text lists. */
import type { NodeError, NodeLog, NodeRetry } from '@/features/inspector/derive-node-details';

const LIST = 'flex flex-col gap-1 text-xs';

export function ErrorsList({ errors }: Readonly<{ errors: readonly NodeError[] }>) {
  return (
    <ul className={LIST}>
      {errors.map((e) => (
        <li key={`${e.row}-${e.type}`} className="rounded bg-red-50 px-1.5 py-1 text-red-900 dark:bg-red-950/60 dark:text-red-100">
          <span aria-hidden="true">✖ </span>
          {e.error.code && <code className="mr-1 font-semibold">{e.error.code}</code>}
          <span>{e.error.message}</span>
          <span className="text-red-800/80 dark:text-red-200/80">
            {' '}({e.type}{e.attempt !== undefined ? `, attempt ${e.attempt}` : ''}
            {e.error.retryable !== undefined ? `, ${e.error.retryable ? 'retryable' : 'not retryable'}` : ''})
          </span>
          {e.error.detail && <p className="mt-0.5 whitespace-pre-wrap">{e.error.detail}</p>}
        </li>
      ))}
    </ul>
  );
}

export function RetriesList({ retries }: Readonly<{ retries: readonly NodeRetry[] }>) {
  return (
    <ul className={LIST}>
      {retries.map((r) => (
        <li key={r.row}>
          Attempt {r.attempt} failed{r.error ? ` (${r.error.code ? `${r.error.code}: ` : ''}${r.error.message})` : ''}; retrying
          {r.delayMs !== undefined ? ` after ${Math.round(r.delayMs)} ms` : ''}
        </li>
      ))}
    </ul>
  );
}

export function LogsList({ logs }: Readonly<{ logs: readonly NodeLog[] }>) {
  return (
    <ul className={`${LIST} font-mono`}>
      {logs.map((l) => (
        <li key={l.row} className="whitespace-pre-wrap break-words">
          <span className="font-semibold uppercase">{l.level}</span> {l.message}
        </li>
      ))}
    </ul>
  );
}
