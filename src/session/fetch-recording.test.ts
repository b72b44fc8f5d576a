import { describe, expect, it } from 'vitest';

import { assertNotWebPage, checkResponse, RecordingNotFound } from '@/session/fetch-recording';

const RECORDING = '{"runboard":1,"dialect":"relavium","transport":"sse","source":"x","startedAt":"2026-01-01T00:00:00Z"}\n';
const APP_PAGE = '<!doctype html>\n<html lang="en"><head><title>Runboard</title></head><body><div id="root"></div></body></html>\n';

describe('checkResponse', () => {
  it('passes a recording through as it arrives, with its length when the server says it', async () => {
    const body = await checkResponse(new Response(RECORDING, { headers: { 'content-type': 'application/x-ndjson' } }), '/r.jsonl');
    expect(await new Response(body.stream).text()).toBe(RECORDING);
    expect(body.size).toBeUndefined();
    const sized = await checkResponse(new Response(RECORDING, { headers: { 'content-length': String(RECORDING.length) } }), '/r.jsonl');
    expect(sized.size).toBe(RECORDING.length);
    expect(await new Response(sized.stream).text()).toBe(RECORDING);
    // Unpacked on arrival, a compressed body's length is not what the header counts.
    const packed = await checkResponse(new Response(RECORDING, { headers: { 'content-length': '10', 'content-encoding': 'gzip' } }), '/r.jsonl');
    expect(packed.size).toBeUndefined();
  });

  it('reads a body arriving a few bytes at a time whole, the first ones only once', async () => {
    const text = RECORDING.repeat(200);
    const bytes = new TextEncoder().encode(text);
    let at = 0;
    const trickle = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + 7));
        at += 7;
      },
    });
    const body = await checkResponse(new Response(trickle), '/r.jsonl');
    expect(await new Response(body.stream).text()).toBe(text);
  });

  it('says "not found" once for a 404, and for the app page a dev server sends for unknown addresses', async () => {
    await expect(checkResponse(new Response('nope', { status: 404 }), '/missing.jsonl')).rejects.toThrow(new RecordingNotFound('There is no recording at /missing.jsonl (HTTP 404).'));
    await expect(checkResponse(new Response(APP_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } }), '/missing')).rejects.toBeInstanceOf(RecordingNotFound);
    // Served with a wrong type, the body still gives it away.
    await expect(checkResponse(new Response(APP_PAGE, { headers: { 'content-type': 'application/octet-stream' } }), '/missing')).rejects.toThrow(/web page/);
  });

  it('keeps other HTTP failures as they are', async () => {
    await expect(checkResponse(new Response('', { status: 500 }), '/r.jsonl')).rejects.toThrow('Could not fetch /r.jsonl: HTTP 500.');
  });
});

describe('assertNotWebPage', () => {
  it('accepts a recording and rejects a picked HTML file', async () => {
    await expect(assertNotWebPage(new Blob([RECORDING]), 'file:1/r.jsonl')).resolves.toBeUndefined();
    await expect(assertNotWebPage(new Blob(['  \n<HTML><body>hi']), 'file:1/page.html')).rejects.toBeInstanceOf(RecordingNotFound);
  });
});
