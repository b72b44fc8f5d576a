/**
 * Turns a recording file (a Blob: fetched from a URL or picked from disk) into parsed
 * entries without freezing the page: in recording.worker.ts where Worker exists, else
 * in-thread in chunks with a yield between them (jsdom, Node). Same parser either way.
 */
import type { RecordedEntry } from '@/ingest/frame-log';
import { createRecordingParser, PARSE_CHUNK_LINES, splitLines, type ParsedRecording } from '@/ingest/parse-recording';
import type { RecordingWorkerReply } from '@/ingest/recording.worker';

export type LoadProgress = (done: number, total: number) => void;

export async function loadRecording(blob: Blob, onProgress?: LoadProgress): Promise<ParsedRecording> {
  if (typeof Worker === 'undefined') return parseInThread(await blob.text(), onProgress);
  try {
    return await parseInWorker(blob, onProgress);
  } catch {
    return parseInThread(await blob.text(), onProgress);
  }
}

function parseInWorker(blob: Blob, onProgress?: LoadProgress): Promise<ParsedRecording> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./recording.worker.ts', import.meta.url), { type: 'module' });
    const entries: RecordedEntry[] = [];
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'the recording worker failed'));
    };
    worker.onmessage = (event: MessageEvent<RecordingWorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress?.(reply.done, reply.total);
      else if (reply.type === 'entries') for (const entry of reply.entries) entries.push(entry);
      else {
        worker.terminate();
        if (reply.type === 'error') reject(new Error(reply.message));
        else resolve({ header: reply.header, problems: reply.problems, frames: reply.frames, entries });
      }
    };
    worker.postMessage({ blob });
  });
}

async function parseInThread(text: string, onProgress?: LoadProgress): Promise<ParsedRecording> {
  const lines = splitLines(text);
  const parser = createRecordingParser();
  for (let start = 0; start < lines.length; start += PARSE_CHUNK_LINES) {
    parser.addLines(lines.slice(start, start + PARSE_CHUNK_LINES), start);
    onProgress?.(Math.min(lines.length, start + PARSE_CHUNK_LINES), lines.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return parser.result();
}
