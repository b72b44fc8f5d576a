import { useCallback, useEffect, useId, useState } from 'react';

import { buildReplaySearch } from '@/app/url-contract';
import { DIALECT_INFOS } from '@/protocol/dialect-info';

/** Sample recordings shipped in public/recordings (scripts/record-samples.ts writes them). */
const SAMPLE_SCENARIOS = [
  ['fanout', 'fan-out'],
  ['gate', 'human gate'],
] as const;

/**
 * The start page's replay section: one sample recording per dialect and scenario (no
 * backend needed), a file picker, and drag and drop of a .jsonl anywhere on the page.
 * All three open through the same `?replay=` route.
 */
export function ReplayStartSection({ navigate }: { navigate: (search: string) => void }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const open = useCallback(
    (file: File | undefined) => {
      if (!file) return;
      // The session engine is the replay page's to load: the start page draws without it.
      import('@/session').then(
        ({ addLocalRecording }) => navigate(buildReplaySearch(addLocalRecording(file))),
        (error: unknown) => console.error('the replay code could not load', error),
      );
    },
    [navigate],
  );
  useDropAnywhere(open, setDragging);
  return (
    <section aria-labelledby="replay-heading" className={`flex flex-col gap-3 rounded-lg border p-4 ${dragging ? 'border-sky-500 bg-sky-50 dark:bg-sky-950' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}>
      <h2 id="replay-heading" className="text-lg font-semibold">Replay a recording</h2>
      <div>
        <h3 className="text-sm font-semibold">Replay a sample recording</h3>
        <ul className="mt-1 grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm md:grid-cols-2">
          {DIALECT_INFOS.map((dialect) => (
            <li key={dialect.id} className="flex items-baseline gap-3">
              <span className="w-64 shrink-0 truncate font-medium" title={dialect.label}>{dialect.label}</span>
              {SAMPLE_SCENARIOS.map(([scenario, label]) => {
                const search = buildReplaySearch(`/recordings/${dialect.id}-${scenario}.jsonl`);
                return (
                  <a
                    key={scenario}
                    href={`/${search}`}
                    aria-label={`Replay ${dialect.label} ${label} sample`}
                    className="text-sky-700 underline dark:text-sky-300"
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(search);
                    }}
                  >
                    {label}
                  </a>
                );
              })}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={inputId} className="font-semibold">Open a recording file (.jsonl)</label>
        <input id={inputId} type="file" accept=".jsonl,.json,.txt,application/x-ndjson" onChange={(e) => open(e.target.files?.[0])} className="text-sm" />
        <span className="text-slate-500 dark:text-slate-400">or drop one anywhere on this page.</span>
      </div>
    </section>
  );
}

/** Accepts a file dropped anywhere on the page while this section is shown. */
function useDropAnywhere(open: (file: File | undefined) => void, setDragging: (on: boolean) => void) {
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!e.dataTransfer?.files.length) return;
      e.preventDefault();
      setDragging(false);
      open(e.dataTransfer.files[0]);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [open, setDragging]);
}
