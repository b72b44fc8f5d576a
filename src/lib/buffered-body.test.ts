import { describe, expect, test } from 'vitest';

import { bufferedBody } from '@/lib/buffered-body';

/** A source that counts how many chunks were pulled from it; fails after `failAfter` when given. */
function source(chunks: readonly string[], failAfter?: number) {
  const pulled = { count: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && pulled.count === failAfter) return controller.error(new Error('connection reset'));
      const next = chunks[pulled.count++];
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  return { stream, pulled };
}

describe('bufferedBody', () => {
  test('reads its source to the end before anyone reads it, and hands every chunk over once, in order', async () => {
    const parts = Array.from({ length: 50 }, (_, i) => `chunk ${i};`);
    const { stream, pulled } = source(parts);
    const first: string[] = [];
    const body = bufferedBody(stream, (chunk) => first.push(new TextDecoder().decode(chunk)));
    await expect.poll(() => pulled.count).toBe(51);
    expect(first).toEqual(['chunk 0;']);
    expect(await new Response(body).text()).toBe(parts.join(''));
  });

  test('a reader ahead of the source waits for the next chunk', async () => {
    let push: (text: string | undefined) => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => (text === undefined ? controller.close() : controller.enqueue(new TextEncoder().encode(text)));
      },
    });
    const reader = bufferedBody(stream).getReader();
    const read = reader.read();
    push('late');
    expect(new TextDecoder().decode((await read).value)).toBe('late');
    push(undefined);
    expect((await reader.read()).done).toBe(true);
  });

  test('a download that fails partway fails its reader, after what came before', async () => {
    const reader = bufferedBody(source(['a', 'b'], 2).stream).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('a');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('b');
    await expect(reader.read()).rejects.toThrow('connection reset');
  });

  test('cancelling the body cancels the download', async () => {
    let pulls = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          controller.enqueue(new Uint8Array([pulls++]));
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    await bufferedBody(endless).cancel('page left');
    await expect.poll(() => cancelled).toBe(true);
  });
});
