/**
 * A response body read as it arrives, whoever reads it later: the chunks wait in memory
 * until asked for. Why: a body nobody reads stops at the socket's buffers, so a download
 * started early (lib/early-fetch.ts) would otherwise wait for the page's code after all;
 * and handed over as a stream, not a whole, the reader can start on the first chunks while
 * the rest still travels (replay decodes a recording line by line as it comes).
 */
export function bufferedBody(body: ReadableStream<Uint8Array>, onFirstChunk?: (chunk: Uint8Array) => void): ReadableStream<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let next = 0;
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const source = body.getReader();
  void (async () => {
    try {
      for (let read = await source.read(); !read.done; read = await source.read()) {
        if (chunks.length === 0) onFirstChunk?.(read.value);
        chunks.push(read.value);
        wake?.();
      }
    } catch (error) {
      failure = error ?? new Error('the download failed');
    }
    ended = true;
    wake?.();
  })();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (next === chunks.length && !ended) await new Promise<void>((resolve) => (wake = resolve));
      if (next < chunks.length) {
        controller.enqueue(chunks[next] as Uint8Array);
        // Handed over: let the reader own it alone.
        chunks[next++] = EMPTY;
      } else if (failure !== undefined) controller.error(failure);
      else controller.close();
    },
    cancel(reason) {
      return source.cancel(reason);
    },
  });
}

const EMPTY = new Uint8Array(0);
