/** The one place a ConnectionPlan becomes a real transport adapter. */
import type { ConnectionPlan } from '@/protocol/dialect';
import { createPollTransport } from '@/transport/poll-transport';
import { createSocketIoTransport } from '@/transport/socketio-transport';
import { createSseTransport } from '@/transport/sse-transport';
import type { Transport } from '@/transport/transport';
import { createWebSocketTransport, type WebSocketTransportOptions } from '@/transport/websocket-transport';

export type TransportExtras = Readonly<{
  getCursor: () => string | undefined;
  /** What the session has learned (a polling plan's paths may depend on it). */
  getMemo: () => Readonly<Record<string, unknown>>;
  WebSocketImpl?: WebSocketTransportOptions['WebSocketImpl'];
  /** Overrides a polling plan's `everyMs` (LiveSessionOptions.pollEveryMs). */
  pollEveryMs?: number;
}>;

export function createTransport(plan: ConnectionPlan, extras: TransportExtras): Transport {
  switch (plan.kind) {
    case 'sse':
      return createSseTransport({
        url: plan.url,
        headers: plan.headers,
        getCursor: extras.getCursor,
        ...(plan.resumeHeader ? { resumeHeader: plan.resumeHeader } : {}),
      });
    case 'post-sse':
      return createSseTransport({ url: plan.url, headers: plan.headers, post: { body: plan.body } });
    case 'websocket':
      return createWebSocketTransport({
        url: plan.url,
        ...(plan.heartbeat ? { heartbeat: plan.heartbeat } : {}),
        ...(extras.WebSocketImpl ? { WebSocketImpl: extras.WebSocketImpl } : {}),
      });
    case 'socket.io':
      return createSocketIoTransport({ url: plan.url, namespace: plan.namespace, auth: plan.auth, events: plan.events });
    case 'poll':
      return createPollTransport({ baseUrl: plan.baseUrl, headers: plan.headers, everyMs: extras.pollEveryMs ?? plan.everyMs, requests: () => plan.requests(extras.getMemo()) });
  }
}
