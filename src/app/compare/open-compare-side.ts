/**
 * Opens one side of a comparison as its own link would: a live run through the tab's session
 * registry (so it stays open and listed like any run opened here, and opening it from the
 * compare screen re-uses it), a recording through the same replay session as the replay page.
 */
import type { CompareSide } from '@/app/compare/compare-address';
import { createReplaySession } from '@/session';
import { fetchRecording } from '@/session';
import { openLiveRun } from '@/app/session/open-live-run';
import { buildLiveSearch, buildReplaySearch } from '@/app/url-contract';
import { loadDialect } from '@/protocol/load-dialect';
import type { RunSession } from '@/stores/run-session';

export async function openCompareSide(side: CompareSide): Promise<RunSession> {
  if (side.kind === 'live') {
    const dialect = await loadDialect(side.dialect);
    if (!dialect) throw new Error(`Unknown protocol "${side.dialect}".`);
    return openLiveRun({ dialect, url: side.url, run: side.run, session: side.session }).session;
  }
  const body = await fetchRecording(side.replay);
  const replay = await createReplaySession({ recording: body.stream, ...(body.size === undefined ? {} : { size: body.size }) });
  replay.cursor.seek(side.at === undefined ? replay.timeline.total : Math.max(Math.min(1, replay.timeline.total), side.at + 1));
  return replay.session;
}

/** The run page a side is: the link its card opens. */
export function searchOfSide(side: CompareSide): string {
  if (side.kind === 'replay') return buildReplaySearch(side.replay, side.at);
  return buildLiveSearch({ dialect: side.dialect, url: side.url, run: side.run, session: side.session });
}
