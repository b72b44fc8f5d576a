/**
 * The text "Export recording" downloads: always the keyframed form, which opens faster
 * (ingest/recording-keyframes.ts). A replay writes it from the snapshots it holds; a live
 * run's frame log is replayed once to take them (loaded only when asked: the live screen
 * does not carry the replay engine for a button it may never press).
 */
import type { RunSession } from '@/stores/run-session';

export async function recordingForDownload(session: RunSession): Promise<string> {
  const text = session.exportRecording();
  if (session.mode !== 'live') return text;
  try {
    const { keyframedLiveRecording } = await import('@/session/keyframed-live-recording');
    return await keyframedLiveRecording(text);
  } catch {
    // A frame log that cannot be replayed (no header yet) is still the record: download it as it is.
    return text;
  }
}
