import { startTransition, useEffect, useMemo, useState } from 'react';

import { recordingLabel, RecordingNotFound, RecordingUnreadable, type ReplaySession } from '@/session';
import { loadCostPanel } from '@/app/run/cost-panel-loader';
import { PAGE_LOADING } from '@/app/run/panel-loading';
import { runCanvas } from '@/app/run/run-canvas-loader';
import { OPENING_STARTS, releaseReplayOpening, takeReplayOpening } from '@/app/run/replay-opening';
import { useReplayUrl } from '@/app/run/use-replay-url';
import type { Route } from '@/app/url-contract';
import type { ReplayProgress } from '@/ingest/build-replay';
import type { RecordingProblem } from '@/ingest/parse-recording';

import type { ReplayController } from '@/features/replay/replay-controller';
import { ReplayPlayer } from '@/features/replay/replay-player';
import { preloadable } from '@/components/ui/preloadable';
import { errorMessage } from '@/lib/error-message';

type ReplayRoute = Extract<Route, { kind: 'replay' }>;

type Phase =
  | { kind: 'loading'; stage: string; progress?: ReplayProgress }
  | { kind: 'failed'; title: string; message: string; problems: readonly RecordingProblem[] }
  | { kind: 'ready'; replay: ReplaySession; problems: readonly RecordingProblem[] };

/**
 * Opens a recording (URL or a file from disk, one route) and shows it with the same run
 * view as live, plus the player. Opens at `at` (after that frame) or at the end.
 */
export function ReplayPage({ route, navigate }: { route: ReplayRoute; navigate: (search: string, replace?: boolean) => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading', ...OPENING_STARTS });
  useEffect(() => {
    let cancelled = false;
    const opening = takeReplayOpening(route.replay);
    const runScreen = once(loadRunScreen);
    const unwatch = opening.watch((state) => {
      if (state.stage === 'Decoding') runScreen();
      setPhase({ kind: 'loading', ...state });
    });
    opening.result
      .then((replay) => {
        if (cancelled) return;
        runScreen();
        replay.cursor.seek(route.at === undefined ? replay.timeline.total : route.at + 1);
        // A transition: React draws the run view in slices and gives the page turns between
        // them, where an ordinary update drew all of it in one task.
        startTransition(() => setPhase({ kind: 'ready', replay, problems: replay.problems }));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const problems = error instanceof RecordingUnreadable ? error.problems : [];
        const title = error instanceof RecordingNotFound ? 'Recording not found' : 'This recording cannot be opened';
        setPhase({ kind: 'failed', title, message: errorMessage(error), problems });
      });
    return () => {
      cancelled = true;
      unwatch();
      // A page that went elsewhere while the recording was being read stops its decoding (a no-op once opened).
      releaseReplayOpening(route.replay, opening);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one load per recording (`at` then follows the player)
  }, [route.replay]);

  if (phase.kind === 'loading') return <LoadingView phase={phase} source={route.replay} navigate={navigate} />;
  if (phase.kind === 'failed') return <FailedView title={phase.title} message={phase.message} problems={phase.problems} />;
  return <ReadyView replay={phase.replay} problems={phase.problems} route={route} navigate={navigate} />;
}

function ReadyView({ replay, problems, route, navigate }: { replay: ReplaySession; problems: readonly RecordingProblem[]; route: ReplayRoute; navigate: (search: string, replace?: boolean) => void }) {
  const controller = useMemo<ReplayController>(
    () => ({
      total: replay.timeline.total,
      times: replay.timeline.times,
      marks: replay.marks,
      position: () => replay.cursor.position,
      seek: (position) => replay.cursor.seek(Math.max(Math.min(1, replay.timeline.total), position)),
      subscribe: replay.cursor.subscribe,
    }),
    [replay],
  );
  const shareLink = useReplayUrl(replay.cursor, route.replay, navigate);
  const bar = <ReplayPlayer controller={controller} shareLink={shareLink} problems={problems} />;
  return <runView.Component session={replay.session} focus={route.focus} navigate={navigate} extraBar={bar} />;
}

/**
 * The run view's code, asked for once the recording is being decoded, not with the page.
 * Why: Chromium asks a host for six files at a time, and the run view is some fifty; asked
 * for with the page, they queued ahead of the recording's dialect, and decoding (which
 * needs it) began only after them — measured on a 100k-frame recording, the dialect's
 * chunk answered 0.65 s after it was asked for. Decoding a big recording takes longer than
 * these chunks take to load, so the run view is here when it ends.
 */
const runView = preloadable(() => import('@/app/run/run-view').then((m) => m.RunView), PAGE_LOADING);

/** The run view, its graph and the chunks a replay shows at once (the cost tab, the graph's overview). */
function loadRunScreen(): void {
  // Prefetches: a chunk that fails is asked for again by the view that needs it, whose error boundary says why.
  runView.load().catch(() => undefined);
  runCanvas.load().catch(() => undefined);
  loadCostPanel().catch(() => undefined);
  import('@/features/canvas/overview/graph-overview').catch(() => undefined);
}

/**
 * Once, though progress comes hundreds of times: each dynamic import resolves its chunk's
 * dependencies again (profiled: ~130 ms over a 100k-frame open when asked on every report).
 */
function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (!done) action();
    done = true;
  };
}

const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
/** One formatter for every report: `toLocaleString` makes one per call (profiled: ~100 ms over a 100k-frame open). */
const COUNT = new Intl.NumberFormat();

/** "12,345 lines (8.1 of 28.3 MB)": lines read so far, and how far into the bytes they reach. */
function progressText({ lines, bytes, totalBytes }: ReplayProgress): string {
  return `${COUNT.format(lines)} lines (${megabytes(bytes)}${totalBytes ? ` of ${megabytes(totalBytes)}` : ''} MB)`;
}

/** A thin bar in the app's accent: the browser's default progress bar is green on grey. */
const PROGRESS_BAR =
  'h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700 [&::-webkit-progress-bar]:bg-slate-200 dark:[&::-webkit-progress-bar]:bg-slate-700 [&::-webkit-progress-value]:bg-sky-600 [&::-moz-progress-bar]:bg-sky-600';

/**
 * The open's progress, and a way out: a million-frame recording takes seconds to read, and
 * one opened by mistake should not have to be waited for. Leaving stops the decoding (the
 * page's effect lets the opening go).
 */
function LoadingView({ phase, source, navigate }: { phase: Extract<Phase, { kind: 'loading' }>; source: string; navigate: (search: string) => void }) {
  const cancel = (event: React.MouseEvent) => {
    event.preventDefault();
    navigate('');
  };
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-3 p-8">
      <h1 className="text-xl font-semibold">Opening a recording</h1>
      <p className="truncate text-sm text-slate-600 dark:text-slate-300">{recordingLabel(source)}</p>
      <p role="status" aria-label="Loading progress" className="text-sm">
        {phase.stage}
        {phase.progress ? `: ${progressText(phase.progress)}` : '…'}
      </p>
      {phase.progress?.totalBytes ? <progress className={PROGRESS_BAR} max={phase.progress.totalBytes} value={phase.progress.bytes} aria-label={phase.stage} /> : null}
      <a href="/" onClick={cancel} className="self-start text-sm text-sky-700 underline dark:text-sky-300">
        Cancel and go to the start page
      </a>
    </main>
  );
}

function FailedView({ title, message, problems }: { title: string; message: string; problems: readonly RecordingProblem[] }) {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p role="alert" className="mt-2 text-sm">{message}</p>
      {problems.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-xs">
          {problems.slice(0, 50).map((p) => (
            <li key={p.line}>line {p.line}: {p.reason}</li>
          ))}
        </ul>
      )}
      <a className="mt-4 inline-block text-sky-700 underline dark:text-sky-300" href="/">Go to the start page</a>
    </main>
  );
}
