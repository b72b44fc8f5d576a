import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { fetchEarly, firstBytes, takeEarlyFetch } from '@/lib/early-fetch';

let server: Server;
let base = '';
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.end(`body of ${request.url ?? ''}`);
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
