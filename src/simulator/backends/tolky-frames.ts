/**
 * tolky's pipeline envelope `{type, intentId, sessionId, timestamp, seq, chapterId, chapterKey,
 * payload}` (tolky-sequential-thinking.pt.md): seq from 1 per intent, and the chapter open at the
 * time stamped on every frame. Chapters of one key are numbered `<key>_<n>`.
 */
import type { RunFacts } from '@/simulator/engine/scripted-run';

export type TolkyWire = {
  type: string;
  intentId: string;
  sessionId: string | null;
  timestamp: string;
  seq: number;
  chapterId: string | null;
  chapterKey: string | null;
  payload: Record<string, unknown>;
};

export class TolkyFramer {
  private seq = 0;
  private chapter: { id: string; key: string } | undefined;
  private readonly chapterCounts = new Map<string, number>();

  constructor(readonly sessionId: string | null) {}

  frame(run: RunFacts, type: string, payload: Record<string, unknown> = {}): TolkyWire {
    return {
      type,
      intentId: run.runId,
      sessionId: this.sessionId,
      timestamp: new Date(run.nowMs).toISOString(),
      seq: ++this.seq,
      chapterId: this.chapter?.id ?? null,
      chapterKey: this.chapter?.key ?? null,
      payload,
    };
  }

  startChapter(run: RunFacts, key: string): TolkyWire {
    const count = (this.chapterCounts.get(key) ?? 0) + 1;
    this.chapterCounts.set(key, count);
    this.chapter = { id: `${key}_${count}`, key };
    return this.frame(run, 'chapter_started', { chapterId: this.chapter.id, chapterKey: key });
  }

  /** The completion is stamped with the chapter it ends; the frames after it carry none. */
  endChapter(run: RunFacts, key: string, status: string): TolkyWire {
    const id = this.chapter?.key === key ? this.chapter.id : `${key}_${this.chapterCounts.get(key) ?? 1}`;
    const out = this.frame(run, 'chapter_completed', { chapterId: id, chapterKey: key, status });
    this.chapter = undefined;
    return out;
  }
}
