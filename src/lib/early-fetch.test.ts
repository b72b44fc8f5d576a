import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { fetchEarly, firstBytes, takeEarlyFetch } from '@/lib/early-fetch';

let server: Server;
let base = '';
const asked: string[] = [];
/** Big bodies whose last byte the server has handed over, by path. */
const sentWhole = new Set<string>();
const BIG_BODY = 'x'.repeat(24 * 1024 * 1024);

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (!request.url?.startsWith('/big')) return void response.end(`body of ${request.url ?? ''}`);
    response.on('finish', () => sentWhole.add(request.url ?? ''));
    response.end(BIG_BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchEarly', () => {
  test('asks for an http address at once and hands its answer over once', async () => {
    const address = `${base}/rec.jsonl`;
    fetchEarly(address);
    const response = takeEarlyFetch(address);
    expect(response).toBeDefined();
    expect(await (await (response as Promise<Response>)).text()).toBe('body of /rec.jsonl');
    expect(takeEarlyFetch(address)).toBeUndefined();
    expect(asked.filter((url) => url === '/rec.jsonl')).toHaveLength(1);
  });

  test('downloads the whole body before anyone takes it (the page is still loading its code)', async () => {
    const address = `${base}/big.jsonl`;
    fetchEarly(address);
    // Unread, a body stops at the socket's buffers: the server could not hand over its last byte.
    await expect.poll(() => sentWhole.has('/big.jsonl'), { timeout: 10_000 }).toBe(true);
    const response = await (takeEarlyFetch(address) as Promise<Response>);
    expect((await response.text()).length).toBe(BIG_BODY.length);
  });

  test('leaves a recording opened from disk, and an address it cannot read, to the page', () => {
    for (const address of ['file:1/run.jsonl', 'http://[bad']) {
      fetchEarly(address);
      expect(takeEarlyFetch(address)).toBeUndefined();
    }
  });

  test('a request that fails is the taker’s to report, and nobody else’s', async () => {
    const address = 'http://127.0.0.1:1/none.jsonl';
    fetchEarly(address);
    await expect(takeEarlyFetch(address)).rejects.toThrow();
  });

  test('shows the first bytes to whoever asked, and the response still reads whole', async () => {
    const address = `${base}/header.jsonl`;
    const seen: string[] = [];
    fetchEarly(address, (bytes) => seen.push(new TextDecoder().decode(bytes)));
    const response = await (takeEarlyFetch(address) as Promise<Response>);
    expect(await response.text()).toBe('body of /header.jsonl');
    await expect.poll(() => seen).toEqual(['body of /header.jsonl']);
  });

  test('firstBytes reads a copy (nothing for a failed answer), leaving the response whole', async () => {
    const response = await fetch(`${base}/x`);
    expect(await firstBytes(new Response('nope', { status: 404 }))).toBeUndefined();
    expect(new TextDecoder().decode(await firstBytes(response))).toBe('body of /x');
    expect(await response.text()).toBe('body of /x');
  });
});
