/**
 * What the start page, the console and the address checks say about each dialect, without
 * loading it: a dialect's schemas, readers and interpreter (and zod with them) load only
 * when a run of its protocol opens (`load-dialect.ts`). Each `<id>-dialect.ts` takes its id,
 * label, wire and address from here (`dialectIdentity`), so the two never disagree; the
 * facts a dialect states elsewhere (capabilities, watch plan, run list) are held equal to
 * these by `dialect-info.test.ts`.
 */
import type { Dialect, DialectId } from '@/protocol/dialect';

export type DialectIdentity = Readonly<Pick<Dialect, 'id' | 'label' | 'wire' | 'address'>>;

export type DialectInfo = DialectIdentity &
  Readonly<{
    /** `capabilities.startsRuns`: the connect form offers "Start run". */
    startsRuns: boolean;
    /** `capabilities.serverNamesRuns`: the backend names a run it starts (a start link carries no run id). */
    serverNamesRuns: boolean;
    /** The dialect has a `watchPlan`: other tabs watch a run without the starter's socket (MARS). */
    watchesWithoutStarter: boolean;
    /** The backend keeps no run list: this browser remembers the runs it opened (run-lists.ts, source 'local'). */
    listedLocally: boolean;
    /** The run list is read over a Socket.IO session, whose id a kept backend names (tolky). */
    listNeedsSession: boolean;
  }>;

const ORIGIN = { kind: 'origin', example: 'http://host:port' } as const;
const WS_ORIGIN = { kind: 'origin', example: 'ws://host:port' } as const;
const REMOTE_LIST = { listedLocally: false, listNeedsSession: false } as const;
const CLIENT_NAMES = { serverNamesRuns: false } as const;

/** Every dialect by id, in the order the start page lists them. */
export const DIALECT_INFO: Readonly<Record<DialectId, DialectInfo>> = {
  relavium: { id: 'relavium', label: 'Relavium (SSE)', wire: 'sse', address: ORIGIN, startsRuns: false, watchesWithoutStarter: false, ...CLIENT_NAMES, ...REMOTE_LIST },
  tolky: {
    id: 'tolky', label: 'tolky sequential thinking (Socket.IO)', wire: 'socket.io', address: ORIGIN,
    startsRuns: false, watchesWithoutStarter: false, ...CLIENT_NAMES, listedLocally: false, listNeedsSession: true,
  },
  myagent: { id: 'myagent', label: 'MyAgent (WebSocket)', wire: 'websocket', address: WS_ORIGIN, startsRuns: true, serverNamesRuns: true, watchesWithoutStarter: false, listedLocally: true, listNeedsSession: false },
  mars: { id: 'mars', label: 'MARS (WebSocket)', wire: 'websocket', address: WS_ORIGIN, startsRuns: true, watchesWithoutStarter: true, ...CLIENT_NAMES, ...REMOTE_LIST },
  shannon: { id: 'shannon', label: 'Shannon (SSE)', wire: 'sse', address: ORIGIN, startsRuns: false, watchesWithoutStarter: false, ...CLIENT_NAMES, ...REMOTE_LIST },
  agui: {
    id: 'agui', label: 'AG-UI (POST + SSE)', wire: 'sse', address: { kind: 'endpoint', example: 'http://host:port/path/of/the/agent' },
    startsRuns: true, watchesWithoutStarter: false, ...CLIENT_NAMES, listedLocally: true, listNeedsSession: false,
  },
};

export const DIALECT_INFOS: readonly DialectInfo[] = Object.values(DIALECT_INFO);

export const KNOWN_DIALECTS: readonly string[] = Object.keys(DIALECT_INFO);

export function dialectInfoById(id: string): DialectInfo | undefined {
  // Own keys only: "toString" is no dialect.
  return Object.hasOwn(DIALECT_INFO, id) ? (DIALECT_INFO as Record<string, DialectInfo>)[id] : undefined;
}

/** The fields a `Dialect` object takes from here. */
export function dialectIdentity(id: DialectId): DialectIdentity {
  const { label, wire, address } = DIALECT_INFO[id];
  return { id, label, wire, address };
}
