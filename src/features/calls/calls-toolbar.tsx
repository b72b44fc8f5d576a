/** The Calls view's controls: which step, a text search, and what the stream does not carry. */
import type { CallCoverage, CallField } from '@/protocol/dialect';

type Props = Readonly<{
  steps: readonly (readonly [string, string])[];
  step: string;
  onStep: (step: string) => void;
  query: string;
  onQuery: (query: string) => void;
  coverage: CallCoverage;
  /** The parts shown: a part the protocol lacks but this run carries (an extension event) is not said missing. */
  shown: ReadonlySet<CallField>;
  dialectLabel: string;
}>;

export function CallsToolbar({ steps, step, onStep, query, onQuery, coverage, shown, dialectLabel }: Props) {
  const lacks = Object.entries(coverage.lacks);
  const missing = lacks.filter(([field]) => !shown.has(field as CallField));
  return (
    <div className="space-y-1 border-b border-slate-200 px-2 py-1.5 text-xs dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1">
          <span>Step</span>
          <select value={step} onChange={(e) => onStep(e.target.value)} className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900">
            <option value="">All steps</option>
            {steps.map(([id, label]) => (
              <option key={id} value={id}>{label}</option>
            ))}
          </select>
        </label>
        <input
          type="search"
          aria-label="Search calls"
          placeholder="Search prompts, responses, models…"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && onQuery('')}
          className="min-w-48 flex-1 rounded border border-slate-300 bg-white px-2 py-0.5 dark:border-slate-600 dark:bg-slate-900"
        />
      </div>
      <details className="text-slate-600 dark:text-slate-400">
        <summary className="cursor-pointer">
          What {dialectLabel} tells about each call{missing.length > 0 ? ` — not in its stream: ${missing.map(([field]) => field).join(', ')}` : ''}
        </summary>
        <p className="mt-1">{coverage.carries}</p>
        {lacks.length > 0 && (
          <ul className="mt-1 list-disc pl-5">
            {lacks.map(([field, why]) => (
              <li key={field}><span className="font-medium">No {field}:</span> {why}</li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
