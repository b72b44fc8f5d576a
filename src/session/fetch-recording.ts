/**
 * Gets a recording's bytes for the replay page, and says "not found" plainly when there is
 * none: a 404, or a web page where a recording should be. A dev server (and many static
 * hosts) answers an unknown address with the app's own HTML and status 200; parsed as
 * JSON Lines, that read as "not a Runboard recording" plus "line N: not JSON" for every
 * line. Guarded by fetch-recording.test.ts and tests/e2e/replay.spec.ts.
 */
import { firstBytes, takeEarlyFetch } from '@/lib/early-fetch';
import { warmDialectOfRecording } from '@/protocol/load-dialect';
import { isLocalRecording, localRecording } from '@/session/local-recordings';

/** No recording at the address (or the file is a web page): one sentence, nothing to parse. */
export class RecordingNotFound extends Error {}

const SNIFF_BYTES = 512;

/** A recording's bytes as they arrive (a download, a file), and their number when known. */
export type RecordingBody = Readonly<{ stream: ReadableStream<Uint8Array>; size?: number }>;

export async function fetchRecording(source: string): Promise<RecordingBody> {
  if (isLocalRecording(source)) {
    const blob = localRecording(source);
    if (!blob) throw new Error('This recording was opened from a file on your disk, and a reload forgets it. Open the file again, or put it at a URL to share a link.');
    await assertNotWebPage(blob, source);
    return { stream: blob.stream(), size: blob.size };
  }
  // Started by the page's entry when this recording is the link's (lib/early-fetch.ts), which warmed its dialect too.
  const early = takeEarlyFetch(source);
  let response: Response;
  try {
    response = await (early ?? fetch(source));
  } catch {
    throw new Error(`Could not fetch ${source}. If it is on another origin, that server must allow it (CORS).`);
  }
  // A recording opened from within the page: its dialect's code loads while the rest downloads.
  if (!early) void firstBytes(response).then((bytes) => bytes && warmDialectOfRecording(bytes));
  return checkResponse(response, source);
}

/** The body of a response that holds a recording, as it arrives; RecordingNotFound for a 404/410 or a web page. */
export async function checkResponse(response: Response, source: string): Promise<RecordingBody> {
  if (response.status === 404 || response.status === 410) throw new RecordingNotFound(`There is no recording at ${source} (HTTP ${response.status}).`);
  if (!response.ok) throw new Error(`Could not fetch ${source}: HTTP ${response.status}.`);
  const type = response.headers.get('content-type') ?? '';
  if (/\btext\/html\b/i.test(type)) throw new RecordingNotFound(webPageMessage(source));
  const stream = await sniffed(response.body ?? new Blob([]).stream(), source);
  const size = sizeOf(response);
  return size === undefined ? { stream } : { stream, size };
}

/** The body's length as it arrives: a compressed body's Content-Length counts the bytes before they were unpacked. */
function sizeOf(response: Response): number | undefined {
  if (response.headers.get('content-encoding')) return undefined;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** The stream whole again, once its first bytes say it is not a web page. */
async function sniffed(stream: ReadableStream<Uint8Array>, source: string): Promise<ReadableStream<Uint8Array>> {
  const reader = stream.getReader();
  const head: Uint8Array[] = [];
  let seen = 0;
  let done = false;
  while (seen < SNIFF_BYTES && !done) {
    const read = await reader.read();
    done = read.done;
    if (read.value) {
      head.push(read.value);
      seen += read.value.length;
    }
  }
  if (looksLikeWebPage(new TextDecoder().decode(concat(head).subarray(0, SNIFF_BYTES)))) {
    void reader.cancel().catch(() => undefined);
    throw new RecordingNotFound(webPageMessage(source));
  }
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const first = head.shift();
      if (first) return controller.enqueue(first);
      const read = done ? { done: true as const, value: undefined } : await reader.read();
      if (read.done) controller.close();
      else controller.enqueue(read.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A file or a body that starts like HTML is a web page, not a recording (whatever its name or type says). */
export async function assertNotWebPage(blob: Blob, source: string): Promise<void> {
  if (looksLikeWebPage(await blob.slice(0, SNIFF_BYTES).text())) throw new RecordingNotFound(webPageMessage(source));
}

function looksLikeWebPage(start: string): boolean {
  const head = start.trimStart().slice(0, 64).toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

function webPageMessage(source: string): string {
  return `There is no recording at ${source}: the server answered with a web page instead (often its page for unknown addresses). Check the address.`;
}
