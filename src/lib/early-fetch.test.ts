import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { fetchEarly, takeEarlyFetch } from '@/lib/early-fetch';

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
});
