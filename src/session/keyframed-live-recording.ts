/**
 * A live run's frame log, replayed once to take its snapshots, as the keyframed recording
 * "Export recording" downloads. Reached only through a dynamic import of this module
 * (recording-for-download.ts): importing the replay engine itself from the live screen's
 * code let the bundler fold that engine into the chunk every live-run link loads.
 */
import { createReplaySession } from '@/session/create-replay-session';

export async function keyframedLiveRecording(frameLog: string): Promise<string> {
  const replay = await createReplaySession({ recording: frameLog });
  return replay.session.exportRecording();
}
