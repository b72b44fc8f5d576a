/** The dialect contract's command half: outbound messages, gate answers, controls and capabilities. */
import type { StartConfig } from '@/protocol/dialect-connection';
import type { Memo } from '@/protocol/dialect-frames';
import type { GateOption } from '@/protocol/run-event';

/** How a paged HTTP reply asks for more: the next page while a page comes back full. */
export type Paging = Readonly<{ offsetParam: string; pageSize: number; itemsKey: string; maxPages: number }>;

/** One outbound message in the protocol's exact form; the session's channel delivers it. */
export type OutboundCommand =
  | { via: 'http'; method: 'GET' | 'POST'; path: string; body?: unknown; paging?: Paging }
  | { via: 'socket'; message: unknown }
  | { via: 'emit'; event: string; data: unknown }
  /** AG-UI: a new POST run whose SSE answer continues the stream. */
  | { via: 'run'; body: unknown };

export type GateAnswer = Readonly<{
  /** The chosen option, or undefined when only text was given. */
  option?: GateOption;
  /** Free text, edited tasks (JSON text) or form input. */
  text?: string;
  /** Structured edits (myagent tasks, MARS modifications). */
  edits?: unknown;
  decidedBy: string;
}>;

export type GateRef = Readonly<{ gateId: string; nodeId?: string; kind: string; runId: string }>;

export type RunAction = 'cancel' | 'pause' | 'resume';

/** Why the session asks where a run stands (Dialect.checkStatus). */
export type StatusCheckReason = 'ended' | 'quiet';

/** A control a protocol cannot do, with the reason shown beside the control. */
export type Unavailable = Readonly<{ unavailable: string }>;

export type Capabilities = Readonly<{
  /** The client starts runs itself (myagent, mars, agui): the form shows "Start run". */
  startsRuns: boolean;
  /** The server names a run it starts (myagent's session id): a started run has no id of ours. */
  serverNamesRuns?: true;
  control: Readonly<Record<RunAction, true | string>>;
}>;

export type OpenContext = Readonly<{
  runId: string;
  /** Cursor of the last frame applied (before a hole while one is being refilled). */
  cursor: string | undefined;
  /** Instructions when this connection starts the run; undefined when it only watches. */
  start?: string;
  startConfig?: StartConfig;
  reconnect: boolean;
  memo: Memo;
}>;

export type MemoContext = Readonly<{
  memo: Memo;
  previous: Memo;
  /** Instructions when this session starts the run. */
  start?: string;
  runId: string;
}>;

export function isUnavailable(value: OutboundCommand[] | Unavailable): value is Unavailable {
  return !Array.isArray(value);
}
