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

export async function fetchRecording(source: string): Promise<Blob> {
  if (isLocalRecording(source)) {
    const blob = localRecording(source);
    if (!blob) throw new Error('This recording was opened from a file on your disk, and a reload forgets it. Open the file again, or put it at a URL to share a link.');
    return blob;
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

/** The body of a response that holds a recording; RecordingNotFound for a 404/410 or a web page. */
export async function checkResponse(response: Response, source: string): Promise<Blob> {
  if (response.status === 404 || response.status === 410) throw new RecordingNotFound(`There is no recording at ${source} (HTTP ${response.status}).`);
  if (!response.ok) throw new Error(`Could not fetch ${source}: HTTP ${response.status}.`);
  const type = response.headers.get('content-type') ?? '';
  if (/\btext\/html\b/i.test(type)) throw new RecordingNotFound(webPageMessage(source));
  const blob = await response.blob();
  await assertNotWebPage(blob, source);
  return blob;
}

/** A file or a body that starts like HTML is a web page, not a recording (whatever its name or type says). */
export async function assertNotWebPage(blob: Blob, source: string): Promise<void> {
  const head = (await blob.slice(0, SNIFF_BYTES).text()).trimStart().slice(0, 64).toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) throw new RecordingNotFound(webPageMessage(source));
}

function webPageMessage(source: string): string {
  return `There is no recording at ${source}: the server answered with a web page instead (often its page for unknown addresses). Check the address.`;
}
