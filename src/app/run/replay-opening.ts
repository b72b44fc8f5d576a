/**
 * Opening a recording, as a thing that can start before the replay page exists. Why: the
 * page's code is the run view's (some fifty chunks); measured in Chromium on a 100k-frame
 * recording, decoding began only once all of them had loaded, ~0.95 s after navigation,
 * while this code and the recording's first bytes were here ~0.4 s earlier. The entry
 * (main.tsx) loads this module alone and starts the open; the page takes it over, with its
 * progress so far, when it draws.
 *
 * No React here: the page subscribes to the stage and progress and reads the result.
 */
import { createReplaySession, fetchRecording, type ReplaySession } from '@/session';
import type { ReplayProgress } from '@/ingest/build-replay';

export type OpeningState = Readonly<{ stage: string; progress?: ReplayProgress }>;

/** Where every open starts (the page shows it before it has taken the open over). */
export const OPENING_STARTS: OpeningState = { stage: 'Fetching the recording' };

export type ReplayOpening = Readonly<{
  result: Promise<ReplaySession>;
  /** The latest stage, now and on every change, until the result settles. */
  watch: (listener: (state: OpeningState) => void) => () => void;
  /** Stops decoding at its next turn; the result then rejects with an AbortError. */
  cancel: () => void;
}>;

const early = new Map<string, ReplayOpening>();
/** Sources a page has taken: an early start that comes after the page (its code was cached) does not open twice. */
const taken = new Set<string>();

/**
 * The recording is read as a stream of its bytes, decoded line by line as they come: the
 * download and the decoding overlap, and there is no copy of the whole into the page first
 * (at a million frames, 276 MB took 1.4–2 s to copy and index before the first line was
 * decoded, after a download of 4–7 s on a loaded machine).
 */
export function openReplay(source: string): ReplayOpening {
  const controller = new AbortController();
  let state = OPENING_STARTS;
  const listeners = new Set<(state: OpeningState) => void>();
  const move = (stage: string) => (progress?: ReplayProgress) => {
    state = progress ? { stage, progress } : { stage };
    for (const listener of listeners) listener(state);
  };
  const result = (async () => {
    const body = await fetchRecording(source);
    move('Reading the recording')();
    // Called even when already aborted: the session lets the body's download go, then rejects.
    return createReplaySession({ recording: body.stream, ...(body.size === undefined ? {} : { size: body.size }), onProgress: move('Decoding'), signal: controller.signal });
  })();
  const done = () => listeners.clear();
  result.then(done, done);
  return {
    result,
    watch(listener) {
      listener(state);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    cancel: () => controller.abort(),
  };
}

/** Starts opening the link's recording before the page can (main.tsx). */
export function openReplayEarly(source: string): void {
  if (taken.has(source)) return;
  const opening = openReplay(source);
  // Nobody may take it (the page moved on): a failure is then nobody's to report.
  opening.result.catch(() => undefined);
  early.set(source, opening);
}

/** The opening started early for `source`, once (a second visit, or a reload, opens again); else a new one. */
export function takeReplayOpening(source: string): ReplayOpening {
  const released = letGo.get(source);
  if (released) {
    clearTimeout(released.timer);
    letGo.delete(source);
    return released.opening;
  }
  const opening = early.get(source);
  early.delete(source);
  taken.add(source);
  return opening ?? openReplay(source);
}

/** Openings a page let go of, cancelled unless taken again in the same turn. */
const letGo = new Map<string, { opening: ReplayOpening; timer: ReturnType<typeof setTimeout> }>();

/**
 * The page is done with an opening (it left, or it unmounted): decoding stops, unless a page
 * takes the same recording again before the next turn. Why the wait: React mounts a page's
 * effects twice in development, and the second mount would otherwise open the recording again.
 */
export function releaseReplayOpening(source: string, opening: ReplayOpening): void {
  const pending = letGo.get(source);
  if (pending) {
    clearTimeout(pending.timer);
    if (pending.opening !== opening) pending.opening.cancel();
  }
  const timer = setTimeout(() => {
    letGo.delete(source);
    opening.cancel();
  }, 0);
  letGo.set(source, { opening, timer });
}
