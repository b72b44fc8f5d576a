/**
 * Parses a recording off the main thread (load-recording.ts decides when). Reads the
 * Blob itself, so the page never holds the text; reports progress every chunk of lines
 * and sends the entries back in chunks, so the page deserialises them a piece at a time
 * instead of freezing on one huge message.
 * Protocol: receives `{ blob }`; answers progress, entries…, then done (or error).
 */
import type { RecordedEntry, RecordingHeader } from '@/ingest/frame-log';
import { createRecordingParser, PARSE_CHUNK_LINES, splitLines, type RecordingProblem } from '@/ingest/parse-recording';

export type RecordingWorkerReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'entries'; entries: RecordedEntry[] }
  | { type: 'done'; header: RecordingHeader | undefined; problems: RecordingProblem[]; frames: number }
  | { type: 'error'; message: string };

const post = (reply: RecordingWorkerReply) => self.postMessage(reply);

self.onmessage = async (event: MessageEvent<{ blob: Blob }>) => {
  try {
    const lines = splitLines(await event.data.blob.text());
    const parser = createRecordingParser();
    let sent = 0;
    for (let start = 0; start < lines.length; start += PARSE_CHUNK_LINES) {
      parser.addLines(lines.slice(start, start + PARSE_CHUNK_LINES), start);
      const { entries } = parser.result();
      post({ type: 'entries', entries: entries.slice(sent) });
      sent = entries.length;
      post({ type: 'progress', done: Math.min(lines.length, start + PARSE_CHUNK_LINES), total: lines.length });
    }
    const { header, problems, frames } = parser.result();
    post({ type: 'done', header, problems, frames });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
