import { useState, useSyncExternalStore } from 'react';

import { Button } from '@/components/ui/button';

import { findMark, firstPosition, SPEEDS, type ReplayController, type ReplayMarkKind, type ReplaySpeed } from '@/features/replay/replay-controller';
import { ReplayScrubber } from '@/features/replay/replay-scrubber';
import { usePlayback } from '@/features/replay/use-playback';
import { useReplayShortcuts } from '@/features/replay/use-replay-shortcuts';

type Props = Readonly<{
  controller: ReplayController;
  /** A link that reopens this recording at the current frame; undefined when it has no URL. */
  shareLink: () => string | undefined;
  /** Lines that could not be read, with their 1-based numbers. */
  problems: readonly Readonly<{ line: number; reason: string; keyframes?: true }>[];
}>;

const JUMPS: readonly (readonly [ReplayMarkKind, string])[] = [
  ['chapter', 'chapter'],
  ['gate', 'gate'],
  ['failure', 'failure'],
];

/** The replay bar: play/pause, speed, step, jump to marks, the scrubber, copy link, bad lines; keys in use-replay-shortcuts.ts. */
export function ReplayPlayer({ controller, shareLink, problems }: Props) {
  const position = useSyncExternalStore(controller.subscribe, controller.position);
  const { playing, speed, setSpeed, play, pause } = usePlayback(controller);
  useReplayShortcuts({ controller, playing, play, pause });
  const min = firstPosition(controller);
  const { total, marks } = controller;
  const jump = (kind: ReplayMarkKind, direction: 1 | -1) => {
    const mark = findMark(marks, kind, position, direction);
    if (mark) controller.seek(mark.position);
  };
  return (
    <section aria-label="Replay" className="flex flex-col gap-1 border-b border-slate-200 bg-slate-50 px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2">
        {/* One button whose name changes, so focus stays on it between Play and Pause. */}
        <Button size="sm" variant="primary" aria-keyshortcuts="Space" onClick={playing ? pause : play} className="min-w-14">
          {playing ? 'Pause' : 'Play'}
        </Button>
        <label className="flex items-center gap-1 text-xs">
          Speed
          <select aria-label="Speed" value={String(speed)} onChange={(e) => setSpeed(toSpeed(e.target.value))} className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-800">
            {SPEEDS.map((s) => (
              <option key={String(s)} value={String(s)}>{s === 'instant' ? 'instant' : `${s}×`}</option>
            ))}
          </select>
        </label>
        <Button size="sm" aria-label="Step back one frame" aria-keyshortcuts="ArrowLeft" disabled={position <= min} onClick={() => controller.seek(position - 1)}>◀ Step</Button>
        <Button size="sm" aria-label="Step forward one frame" aria-keyshortcuts="ArrowRight" disabled={position >= total} onClick={() => controller.seek(position + 1)}>Step ▶</Button>
        {JUMPS.map(([kind, label]) => (
          <span key={kind} className="inline-flex">
            <Button size="sm" variant="ghost" aria-label={`Previous ${label}`} disabled={!findMark(marks, kind, position, -1)} onClick={() => jump(kind, -1)}>◀◀ {label}</Button>
            <Button size="sm" variant="ghost" aria-label={`Next ${label}`} disabled={!findMark(marks, kind, position, 1)} onClick={() => jump(kind, 1)}>{label} ▶▶</Button>
          </span>
        ))}
        <span className="text-xs tabular-nums text-slate-600 dark:text-slate-300">frame {position} of {total}</span>
        <CopyLink shareLink={shareLink} />
      </div>
      <ReplayScrubber position={position} min={min} total={total} marks={marks} onSeek={controller.seek} />
      {problems.some((p) => !p.keyframes) && <ProblemList problems={problems.filter((p) => !p.keyframes)} />}
      {problems
        .filter((p) => p.keyframes)
        .map((p) => (
          // Not a lost line: the keyframes only make opening faster, and the frames gave the whole run.
          <details key={p.line} className="text-xs text-amber-800 dark:text-amber-300">
            <summary>This recording&apos;s keyframes were not used: it opened from its frames instead (nothing is missing, it was only slower).</summary>
            <p className="pl-4">
              line {p.line}: {p.reason}
            </p>
          </details>
        ))}
    </section>
  );
}

function toSpeed(value: string): ReplaySpeed {
  return value === 'instant' ? 'instant' : (Number(value) as ReplaySpeed);
}

function CopyLink({ shareLink }: { shareLink: () => string | undefined }) {
  const [note, setNote] = useState('');
  const copy = async () => {
    const link = shareLink();
    if (!link) return setNote('Opened from a file: a link needs the recording at a URL.');
    try {
      await navigator.clipboard.writeText(link);
      setNote('Link copied.');
    } catch {
      setNote(`Copy this link: ${link}`);
    }
  };
  return (
    <span className="ml-auto inline-flex items-center gap-2 text-xs">
      <Button size="sm" onClick={() => void copy()}>Copy link</Button>
      <span role="status" className="max-w-96 truncate">{note}</span>
    </span>
  );
}

function ProblemList({ problems }: { problems: readonly Readonly<{ line: number; reason: string }>[] }) {
  return (
    <details className="text-xs text-amber-800 dark:text-amber-300">
      <summary>
        {problems.length} line{problems.length === 1 ? '' : 's'} could not be read (lines {problems.slice(0, 8).map((p) => p.line).join(', ')}
        {problems.length > 8 ? ', …' : ''}); the rest loaded
      </summary>
      <ul className="pl-4">
        {problems.slice(0, 200).map((p) => (
          <li key={p.line}>line {p.line}: {p.reason}</li>
        ))}
      </ul>
    </details>
  );
}
