/**
 * Delivers a dialect's OutboundCommands: HTTP requests to the backend, messages on the
 * open socket, Socket.IO emits, or a new AG-UI run. HTTP replies come back as
 * HttpReplyFrames so ingest can decode and record them like any other frame.
 *
 * Commands are sent exactly once: no retry happens here; a failure is returned to the
 * caller in words (the gate dialog offers "Retry" to the person instead).
 */
import type { HttpReplyFrame, OutboundCommand } from '@/protocol/dialect';
import type { Transport } from '@/transport/transport';

export type CommandTarget = Readonly<{
  baseUrl: string;
  transport: Transport;
  token?: string;
  fetchImpl?: typeof fetch;
}>;

export type CommandOutcome =
  | { ok: true; reply?: HttpReplyFrame }
  | { ok: false; status?: number; reason: string; reply?: HttpReplyFrame };

export async function sendCommand(command: OutboundCommand, target: CommandTarget): Promise<CommandOutcome> {
  try {
    switch (command.via) {
      case 'http':
        return await sendHttp(command, target);
      case 'socket':
        await target.transport.send(command.message);
        return { ok: true };
      case 'emit':
        await target.transport.send({ event: command.event, data: command.data });
        return { ok: true };
      case 'run':
        await target.transport.send(command.body);
        return { ok: true };
    }
  } catch (error) {
    return { ok: false, reason: describeFailure(error) };
  }
}

async function sendHttp(command: Extract<OutboundCommand, { via: 'http' }>, target: CommandTarget): Promise<CommandOutcome> {
  const fetchImpl = target.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  const init: RequestInit = { method: command.method, headers };
  if (command.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(command.body);
  }
  const response = await fetchImpl(new URL(command.path, target.baseUrl).toString(), init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // not JSON: keep the text
  }
  const reply: HttpReplyFrame = { reply: { method: command.method, path: command.path, status: response.status }, body };
  if (response.ok) return { ok: true, reply };
  return { ok: false, status: response.status, reason: describeStatus(response.status, body), reply };
}

/** Backend failures in words a reviewer understands. */
export function describeStatus(status: number, body: unknown): string {
  const detail = typeof body === 'object' && body !== null && 'error' in body ? String((body as { error: unknown }).error) : '';
  const suffix = detail ? ` (${detail})` : '';
  if (status === 404) return `The backend no longer knows this item: it may have expired or been removed${suffix}.`;
  if (status === 409) return `Someone else already decided this, or the run moved on${suffix}.`;
  if (status === 401 || status === 403) return `The backend refused the request: check the token${suffix}.`;
  if (status >= 500) return `The backend failed (HTTP ${status})${suffix}. Try again.`;
  return `The backend answered HTTP ${status}${suffix}.`;
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TypeError) return `Network error: ${message}. The backend may be down or blocking this origin (CORS).`;
  return message;
}
