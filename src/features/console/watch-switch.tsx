/** The "watch running runs" switch of one backend, with what the watcher does (or why it cannot). */
import type { WatchState } from '@/stores/run-list-store';

type Props = Readonly<{ on: boolean; watch: WatchState | undefined; unavailable?: string; maxStreams: number; onChange: (on: boolean) => void; label: string }>;

export function WatchSwitch({ on, watch, unavailable, maxStreams, onChange, label }: Props) {
  return (
    <div className="flex flex-col gap-0.5">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`Watch running runs of ${label}`}
        disabled={unavailable !== undefined}
        title={unavailable}
        onClick={() => onChange(!on)}
        className="inline-flex items-center gap-2 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span aria-hidden className={`relative h-4 w-7 rounded-full transition-colors ${on ? 'bg-sky-700' : 'bg-slate-300 dark:bg-slate-600'}`}>
          <span className={`absolute top-0.5 h-3 w-3 rounded-full bg-white transition-all ${on ? 'left-3.5' : 'left-0.5'}`} />
        </span>
        Watch running runs
      </button>
      <span className="text-xs text-slate-600 dark:text-slate-300">{describe(on, watch, unavailable, maxStreams)}</span>
    </div>
  );
}

function describe(on: boolean, watch: WatchState | undefined, unavailable: string | undefined, maxStreams: number): string {
  if (unavailable) return unavailable;
  if (!on) return 'Gates of runs you have not opened do not reach the inbox.';
  if (!watch) return 'Looking for running runs…';
  if (watch.capped) return `Following ${watch.following} of ${watch.active} running runs: the console follows at most ${maxStreams} streams at once.`;
  return watch.active === 0 ? 'No run is running; new ones are picked up as they start.' : `Following ${watch.following} running run${watch.following === 1 ? '' : 's'}: their gates reach the inbox.`;
}
