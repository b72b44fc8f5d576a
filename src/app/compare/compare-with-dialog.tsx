/**
 * "Compare with…" from a run: the other run is one of the runs open in this tab (the runs
 * this browser merely remembers — myagent, AG-UI — cannot be opened again once their tab
 * closed, so they are not offered), a recording (a sample, or a file from disk), or any address pasted (a Runboard
 * link, a run's query, a recording URL). Choosing one opens the compare screen with this run
 * as A. Loaded only when the dialog opens.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';

import { addressOfSearch, buildCompareSearch, parseCompareRoute, queryOfAddress } from '@/app/compare/compare-address';
import { addLocalRecording } from '@/session';
import { personalRuns, useSessionRegistry } from '@/app/session/session-registry';
import { buildReplaySearch, parseRoute } from '@/app/url-contract';
import { Button } from '@/components/ui/button';
import { DIALECT_INFOS, KNOWN_DIALECTS } from '@/protocol/dialect-info';

type Candidate = Readonly<{ address: string; title: string; detail: string }>;

const SAMPLES = DIALECT_INFOS.flatMap((d) => [
  { address: buildReplaySearch(`/recordings/${d.id}-fanout.jsonl`).slice(1), title: `${d.label}: fan-out sample` },
  { address: buildReplaySearch(`/recordings/${d.id}-gate.jsonl`).slice(1), title: `${d.label}: human gate sample` },
]);

const SECTION = 'flex flex-col gap-1.5';
const H = 'text-sm font-semibold';

export function CompareWithDialog({ currentSearch, onClose, navigate }: { currentSearch: string; onClose: () => void; navigate: (search: string) => void }) {
  const currentAddress = addressOfSearch(currentSearch);
  const candidates = useCandidates(currentAddress);
  const go = (address: string) => navigate(buildCompareSearch(currentAddress, address));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(38rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-auto rounded-xl border border-slate-200 bg-white p-5 shadow-2xl dark:border-slate-700 dark:bg-slate-900">
          <Dialog.Title className="text-lg font-semibold">Compare this run with…</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">This run is run A; pick run B.</Dialog.Description>
          <section className={SECTION} aria-label="Recent runs">
            <h3 className={H}>Recent runs</h3>
            {candidates.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">No other run is open in this tab.</p>
            ) : (
              <ul className="flex max-h-48 flex-col gap-1 overflow-auto">
                {candidates.map((c) => (
                  <li key={c.address}>
                    <button type="button" onClick={() => go(c.address)} className="w-full truncate rounded px-2 py-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
                      <span className="font-medium">{c.title}</span> <span className="text-xs text-slate-600 dark:text-slate-300">{c.detail}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <RecordingPick onPick={go} />
          <AddressForm onAddress={go} />
          <div className="flex justify-end">
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Runs open in this tab, newest first; never this run. */
function useCandidates(current: string): Candidate[] {
  const open = useSessionRegistry((s) => s.runs);
  const seen = new Set([current]);
  const out: Candidate[] = [];
  const add = (search: string, title: string, detail: string) => {
    const address = addressOfSearch(search);
    if (seen.has(address)) return;
    seen.add(address);
    out.push({ address, title, detail });
  };
  for (const run of personalRuns(open).reverse()) add(run.search, run.session.run.getState().title ?? run.session.runId, `${run.session.dialect.label} · ${run.session.run.getState().status}`);
  return out.slice(0, 30);
}

function RecordingPick({ onPick }: { onPick: (address: string) => void }) {
  const selectId = useId();
  const fileId = useId();
  const [sample, setSample] = useState(SAMPLES[0]?.address ?? '');
  return (
    <section className={SECTION} aria-label="A recording">
      <h3 className={H}>A recording</h3>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={selectId}>Sample</label>
        <select id={selectId} value={sample} onChange={(e) => setSample(e.target.value)} className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-800">
          {SAMPLES.map((s) => <option key={s.address} value={s.address}>{s.title}</option>)}
        </select>
        <Button size="sm" onClick={() => onPick(sample)}>Compare with the sample</Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={fileId}>Or a file (.jsonl)</label>
        <input id={fileId} type="file" accept=".jsonl,.json,.txt,application/x-ndjson" className="text-sm" onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onPick(buildReplaySearch(addLocalRecording(file)).slice(1));
        }} />
      </div>
    </section>
  );
}

/** Any address: checked with the same parser as a compare link, so a bad one is refused here with the reason. */
function AddressForm({ onAddress }: { onAddress: (address: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const known = KNOWN_DIALECTS;
    const checked = parseCompareRoute([queryOfAddress(text), queryOfAddress(text)], (s) => parseRoute(s, known));
    if (checked.kind === 'invalid') return setProblem(checked.problems[0]?.replace(/^run A: /, '') ?? 'This address names no run.');
    onAddress(queryOfAddress(text).slice(1));
  };
  return (
    <form className={SECTION} onSubmit={submit}>
      <label htmlFor={id} className={H}>An address</label>
      <p className="text-xs text-slate-600 dark:text-slate-300">A Runboard link to a run, or a recording’s URL.</p>
      <div className="flex gap-2">
        <input id={id} value={text} onChange={(e) => { setText(e.target.value); setProblem(undefined); }} className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800" />
        <Button size="sm" type="submit" disabled={text.trim() === ''}>Compare</Button>
      </div>
      {problem && <p role="alert" className="text-sm text-red-800 dark:text-red-300">{problem}</p>}
    </form>
  );
}
