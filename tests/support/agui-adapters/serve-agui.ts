/**
 * An AG-UI endpoint on 127.0.0.1 (port 0) for an adapter's agent, as a framework's own
 * server serves one: POST a RunAgentInput (checked with @ag-ui/core's schema), answered by
 * SSE `data:` frames written by @ag-ui/encoder from the adapter's event Observable. CORS is
 * open so the built app on the simulator's origin can post to it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import { errorMessage } from '@/lib/error-message';

type RunsAgents = { run(input: RunAgentInput): { subscribe(observer: { next(e: BaseEvent): void; error(e: unknown): void; complete(): void }): unknown } };

export type AguiServer = { url: string; received: RunAgentInput[]; close: () => Promise<void> };

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization, accept', 'access-control-allow-methods': 'POST, OPTIONS' };

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

function stream(agent: RunsAgents, input: RunAgentInput, res: ServerResponse) {
  const encoder = new EventEncoder();
  res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  agent.run(input).subscribe({
    next: (event) => res.write(encoder.encodeSSE(event)),
    error: (error) => {
      res.write(encoder.encodeSSE({ type: 'RUN_ERROR', message: errorMessage(error) } as BaseEvent));
      res.end();
    },
    complete: () => res.end(),
  });
}

export async function serveAgui(agent: RunsAgents, path = '/agent'): Promise<AguiServer> {
  const received: RunAgentInput[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    if (req.method !== 'POST' || req.url !== path) return void res.writeHead(404, CORS).end();
    readBody(req)
      .then((body) => {
        const input = RunAgentInputSchema.parse(body);
        received.push(input);
        stream(agent, input, res);
      })
      .catch((error: unknown) => res.writeHead(400, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
