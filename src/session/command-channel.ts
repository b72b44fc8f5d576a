/**
 * Delivers a dialect's OutboundCommands: HTTP requests to the backend, messages on the
 * open socket, Socket.IO emits, or a new AG-UI run. Every HTTP reply is handed to
 * `onReply` as an HttpReplyFrame, so ingest records and reads it like any other frame; a
 * paged request (`paging`) asks for the next page while a page comes back full, up to
 * `maxPages`.
 *
 * Commands are sent exactly once: no retry happens here; a failure is returned to the
 * caller in words (the gate dialog offers "Retry" to the person instead).
 */
import type { HttpReplyFrame, OutboundCommand, Paging } from '@/protocol/dialect';
import type { Transport } from '@/transport/transport';
import { errorMessage } from '@/lib/error-message';

export type CommandTarget = Readonly<{
  baseUrl: string;
  transport: Transport;
  token?: string;
  fetchImpl?: typeof fetch;
}>;

export type CommandOutcome =
  | { ok: true; reply?: HttpReplyFrame }
  | { ok: false; status?: number; reason: string; reply?: HttpReplyFrame };

type HttpCommand = Extract<OutboundCommand, { via: 'http' }>;

export async function sendCommand(command: OutboundCommand, target: CommandTarget, onReply?: (reply: HttpReplyFrame) => void): Promise<CommandOutcome> {
  try {
    switch (command.via) {
      case 'http':
        return command.paging ? await sendPaged(command, command.paging, target, onReply) : await sendHttp(command, target, onReply);
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

/** Page after page while each comes back full (a short page is the last). */
async function sendPaged(command: HttpCommand, paging: Paging, target: CommandTarget, onReply?: (reply: HttpReplyFrame) => void): Promise<CommandOutcome> {
  let outcome: CommandOutcome = { ok: true };
  for (let page = 0; page < paging.maxPages; page++) {
    const url = new URL(command.path, 'http://placeholder');
    url.searchParams.set(paging.offsetParam, String(page * paging.pageSize));
    outcome = await sendHttp({ ...command, path: `${url.pathname}${url.search}` }, target, onReply);
    const items = outcome.reply ? itemsOf(outcome.reply.body, paging.itemsKey) : undefined;
    if (!outcome.ok || items === undefined || items < paging.pageSize) break;
  }
  return outcome;
}

function itemsOf(body: unknown, key: string): number | undefined {
  if (Array.isArray(body)) return body.length;
  const items = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
  return Array.isArray(items) ? items.length : undefined;
}

async function sendHttp(command: HttpCommand, target: CommandTarget, onReply?: (reply: HttpReplyFrame) => void): Promise<CommandOutcome> {
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
  onReply?.(reply);
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
  const message = errorMessage(error);
  if (error instanceof TypeError) return `Network error: ${message}. The backend may be down or blocking this origin (CORS).`;
  return message;
}
