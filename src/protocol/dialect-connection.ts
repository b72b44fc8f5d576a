/** The dialect contract's connection half: what a person gives to connect, and the plan app/ opens from it. */
import type { OutboundCommand } from '@/protocol/dialect-commands';
import type { Memo } from '@/protocol/dialect-frames';

/**
 * How the reply to an HTTP command (snapshot, history page, decision) reaches ingest: as a
 * frame of its own, so it is recorded and replayed like any other frame.
 */
export type HttpReplyFrame = Readonly<{ reply: { method: string; path: string; status: number }; body: unknown }>;

export function isHttpReplyFrame(frame: unknown): frame is HttpReplyFrame {
  return typeof frame === 'object' && frame !== null && 'reply' in frame && 'body' in frame;
}

export type ConnectParams = Readonly<{
  /** Backend base: http(s)://host:port for SSE/HTTP/Socket.IO, ws(s)://host:port for WebSocket; AG-UI: the endpoint itself. */
  baseUrl: string;
  runId: string;
  /** Held in memory only; goes into headers or Socket.IO auth, never the URL. */
  token?: string;
  /** Instructions when this session starts the run (after the person pressed "Start run"). */
  start?: string;
  /** The backend session the run belongs to (tolky scopes an intent's replay to its session), from the link. */
  session?: string;
  /** The options the person chose for the new run (Dialect.startOptions, by option id). */
  startConfig?: StartConfig;
}>;

/** Start options as chosen, by option id. */
export type StartConfig = Readonly<Record<string, string | number | boolean>>;

/**
 * One setting of a new run the backend defines (MARS's mode and its options), for the start
 * form. `when` shows it only while other options (by id) hold one of the listed values.
 */
export type StartOption = Readonly<{
  id: string;
  label: string;
  help?: string;
  kind: 'choice' | 'number' | 'boolean' | 'text';
  choices?: readonly Readonly<{ value: string; label: string; help?: string }>[];
  default: string | number | boolean;
  min?: number;
  max?: number;
  when?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
}>;

/** True when an option applies under the chosen values (its `when` holds). */
export function startOptionApplies(option: StartOption, config: StartConfig): boolean {
  return Object.entries(option.when ?? {}).every(([id, values]) => values.includes(config[id] ?? ''));
}

/** What every plan may carry: the command its connection itself sends (AG-UI's first POST body), recorded like any other. */
type PlanBase = Readonly<{ opening?: OutboundCommand }>;

export type ConnectionPlan = PlanBase &
  (
    | { kind: 'sse'; url: string; headers: Record<string, string>; resumeHeader?: string }
    | { kind: 'websocket'; url: string; heartbeat?: { message: unknown; everyMs: number } }
    | {
        kind: 'socket.io';
        url: string;
        namespace: string;
        auth: Record<string, unknown>;
        /** Frames arrive on these event names; each becomes `{event, data}`. */
        events: readonly string[];
      }
    /** A POST answered by SSE (AG-UI): `body` is the first run; later runs are `{via: 'run'}` commands. */
    | { kind: 'post-sse'; url: string; headers: Record<string, string>; body: unknown }
    /**
     * No stream: GET these paths every `everyMs`; each reply is an HttpReplyFrame. The list may
     * depend on what the memo learned, and is read again after each reply: a reply may add a
     * path to the same round (each path is fetched once a round).
     */
    | { kind: 'poll'; baseUrl: string; headers: Record<string, string>; everyMs: number; requests: (memo: Memo) => readonly string[] }
  );

/** `Authorization: Bearer` when a token was given; never put in a URL. */
export function bearerHeaders(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}
