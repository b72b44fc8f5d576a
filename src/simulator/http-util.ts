/** Small HTTP helpers for the simulator's plain-Node servers (CORS, JSON, SSE). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, last-event-id, x-api-key, accept',
  'access-control-expose-headers': 'content-type',
};

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Opens an SSE response; returns a writer for frames and comments. */
export function openSse(res: ServerResponse) {
  res.writeHead(200, {
    ...CORS_HEADERS,
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  return {
    frame(data: string, id?: string, event?: string) {
      let text = '';
      if (id !== undefined) text += `id: ${id}\n`;
      if (event !== undefined) text += `event: ${event}\n`;
      for (const line of data.split('\n')) text += `data: ${line}\n`;
      res.write(`${text}\n`);
    },
    comment(text: string) {
      res.write(`: ${text}\n\n`);
    },
    end() {
      res.end();
    },
  };
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/**
 * What a test may know about the credentials a request carried: whether a bearer header
 * came, and its first two characters. Never the token itself: the simulator's records are
 * served on /sim/received and must not become a place a secret leaks to.
 */
export function authSeen(token: string | undefined): { bearer: boolean; tokenPrefix?: string } {
  return token ? { bearer: true, tokenPrefix: token.slice(0, 2) } : { bearer: false };
}
