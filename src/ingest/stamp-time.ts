/**
 * Times for events their decoder left untimed (ingest's stage, create-ingest.ts): the
 * frame's own time where the producer gave one, else when ingest read the frame, marked
 * `receivedTime`. Pure apart from the injected clock; guarded by create-ingest.test.ts.
 */
import type { RunEvent } from '@/protocol/run-event';

/** The producer's time for a frame: the first its events carry (a decoder may time only some of them). */
export function producerTimeOf(events: readonly RunEvent[]): number | undefined {
  for (const event of events) if (event.atMs !== undefined && !event.receivedTime) return event.atMs;
  return undefined;
}

/**
 * An event its decoder left untimed: the time its frame carries, else when we read it,
 * marked `receivedTime` so no view passes it off as the producer's (AG-UI adapters send no
 * times). Why not always "now": the producer's and the browser's clocks differ, and rows of
 * one frame must not jump between them. Replay's clock is the recorded arrival time, so a
 * replay stamps the same times (tests/integration/replay-session.test.ts).
 */
export function stampTimeOf(event: RunEvent, frameAtMs: number | undefined, now: () => number): void {
  if (frameAtMs !== undefined) {
    event.atMs = frameAtMs;
    return;
  }
  event.atMs = now();
  event.receivedTime = true;
}
