/**
 * When a live session closes a stream that said the run is over (an end marker such as
 * Shannon's `done`). At once, normally: a resumed stream would otherwise idle forever. Not
 * while a hole is refilled by resuming the stream — the end marker may have overtaken the
 * frames that were lost before it (an end marker carries no number, so nothing after it
 * shows their hole). The resumed stream sends again what followed the cursor and then repeats
 * the end; the end counts on the connection that said it last, and a resumed stream that
 * never repeats it is closed after a quiet moment. Guarded by tests/integration/shannon-losses.test.ts.
 */
import type { Ingest } from '@/ingest/create-ingest';

/** How long a stream resumed after the end may take to repeat it before it is closed anyway. */
const END_REPEAT_WAIT_MS = 3_000;

export class StreamEnd {
  private resumeAsked = false;
  private fallback: ReturnType<typeof setTimeout> | undefined;
  private done = false;

  constructor(
    private readonly ingest: Ingest,
    private readonly close: () => void,
  ) {}

  /** The recovery resumes the stream to refill the hole it waits for. */
  noteResume(): void {
    this.resumeAsked = true;
  }

  /** A hole is being refilled by a resumed stream (which a reconnect after the end may still serve). */
  get resumePending(): boolean {
    if (!this.ingest.refilling) this.resumeAsked = false;
    return this.resumeAsked;
  }

  /** The session closed the ended stream. */
  get closed(): boolean {
    return this.done;
  }

  /** Called per frame and after each expiry: closes the ended stream once nothing a resume could bring is awaited. */
  closeIfDone(): void {
    if (!this.ingest.ended || this.done || this.resumePending) return;
    clearTimeout(this.fallback);
    if (this.ingest.endedOn === this.ingest.connection) return this.closeNow();
    this.fallback = setTimeout(() => {
      if (!this.resumePending) this.closeNow();
    }, END_REPEAT_WAIT_MS);
  }

  dispose(): void {
    clearTimeout(this.fallback);
  }

  private closeNow(): void {
    this.done = true;
    this.close();
  }
}
