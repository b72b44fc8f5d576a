/**
 * The reference simulator: real Socket.IO, WebSocket, SSE and HTTP servers on one port,
 * playing scripted runs in every dialect. Used by `npm start` (through the Vite plugin),
 * by `npm run simulator` standalone, and by the integration and browser tests.
 *
 * Owns: the HTTP server, the run registry, the command log, and the simulator's own
 * routes under /sim (scenario catalogue, remote decisions, connection drops).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { Server as SocketIoServer, type ServerOptions as SocketIoOptions } from 'socket.io';

import type { DialectId } from '@/protocol/dialect';
import type { Encoder, ScriptedRun, SimClock } from '@/simulator/engine/scripted-run';
import { ScriptedRun as Run } from '@/simulator/engine/scripted-run';
import { BACKEND_FACTORIES } from '@/simulator/backends/registry';
import { CORS_HEADERS, readJson, sendJson } from '@/simulator/http-util';
import { createListRoutes } from '@/simulator/run-lists/run-list-routes';
import { seedRuns } from '@/simulator/run-lists/seed-runs';
import { serveStatic } from '@/simulator/static-files';
import type { Scenario } from '@/simulator/engine/scenario';
import { SCENARIOS, scenarioForRun } from '@/simulator/scenarios/scenarios';
import type { ReceivedCommand, RunOptions, SimBackend, SimContext } from '@/simulator/sim-backend';

export type SimulatorOptions = Readonly<{
  port?: number;
  host?: string;
  timeScale?: number;
  /** A built app (dist/) to serve on the same origin, for the browser tests and `npm run simulator`. */
  staticDir?: string;
  /**
   * Whether the built app's hashed assets are served to be kept by the browser (as a
   * deployment serves them; default true). False answers every request afresh, as the
   * simulator did before: benchmarks compare the two.
   */
  cacheAssets?: boolean;
  /**
   * Multi-pod (issue 6): a Socket.IO adapter joining this simulator's io server to others
   * (`@socket.io/redis-adapter`), so room emits reach clients on every pod.
   */
  socketIoAdapter?: SocketIoOptions['adapter'];
  /** False for a follower pod: its Socket.IO side starts no run, it serves the driver's (default true). */
  drivesRuns?: boolean;
  /** Start the demo runs the console lists (run-lists/seed-runs.ts): `npm start` and the console tests. */
  seedRuns?: boolean;
  /** How runs wait between steps (default: real time); tests may hold it still. */
  clock?: SimClock;
}>;

export type SimulatorHandle = Readonly<{
  url: string;
  port: number;
  received: ReceivedCommand[];
  runs: Map<string, ScriptedRun<unknown>>;
  /** Cuts every open connection (SSE, WebSocket, Socket.IO) as a network fault would. */
  dropConnections(): void;
  close(): Promise<void>;
}>;

export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const timeScale = options.timeScale ?? 1;
  const runs = new Map<string, ScriptedRun<unknown>>();
  const received: ReceivedCommand[] = [];
  const sockets = new Set<Socket>();

  const ctx: SimContext = {
    timeScale,
    scenarios: SCENARIOS,
    drivesRuns: options.drivesRuns ?? true,
    run<F>(dialect: DialectId, runId: string, encode: Encoder<F>, runOptions?: RunOptions) {
      const existing = runs.get(`${dialect}:${runId}`) as ScriptedRun<F> | undefined;
      if (existing) return existing;
      const scenario = scenarioForRun(runId) ?? (runOptions?.scenario ? scenarioForRun(runOptions.scenario) : undefined);
      return scenario ? this.runScenario(dialect, runId, scenario, encode, runOptions?.timeScale) : undefined;
    },
    runScenario<F>(dialect: DialectId, runId: string, scenario: Scenario, encode: Encoder<F>, runTimeScale?: number) {
      const run = new Run<F>(runId, scenario, encode, runTimeScale ?? timeScale, options.clock).start();
      runs.set(`${dialect}:${runId}`, run as ScriptedRun<unknown>);
      return run;
    },
    existingRun<F>(dialect: DialectId, runId: string) {
      return runs.get(`${dialect}:${runId}`) as ScriptedRun<F> | undefined;
    },
    runsOf(dialect: DialectId) {
      return [...runs.entries()].filter(([key]) => key.startsWith(`${dialect}:`)).map(([, run]) => run);
    },
    record(command) {
      received.push({ ...command, atMs: Date.now() });
    },
  };

  const backends: SimBackend[] = BACKEND_FACTORIES.map((factory) => factory(ctx));
  const listRoutes = createListRoutes(ctx);

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return;
    }
    if (await simRoutes(req, res, url)) return;
    for (const route of listRoutes) if (await route(req, res, url)) return;
    for (const backend of backends) {
      if (backend.http && (await backend.http(req, res, url))) return;
    }
    if (options.staticDir && serveStatic({ root: options.staticDir, cacheHashed: options.cacheAssets ?? true }, req, res, url)) return;
    sendJson(res, 404, { error: `no route for ${req.method} ${url.pathname}` });
  }

  async function simRoutes(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === '/sim/scenarios' && req.method === 'GET') {
      sendJson(res, 200, {
        dialects: backends.map((b) => ({ dialect: b.dialect, startsRuns: b.startsRuns })),
        scenarios: SCENARIOS.map(({ id, title, description, dialects }) => ({ id, title, description, ...(dialects ? { dialects } : {}) })),
      });
      return true;
    }
    if (url.pathname === '/sim/received' && req.method === 'GET') {
      const runId = url.searchParams.get('run');
      sendJson(res, 200, received.filter((c) => !runId || c.runId === runId));
      return true;
    }
    // A decision made "elsewhere" (another reviewer): tests use it to prove nothing is sent twice.
    const remote = /^\/sim\/([a-z]+)\/runs\/([^/]+)\/gates\/([^/]+)\/remote-decision$/.exec(url.pathname);
    if (remote && req.method === 'POST') {
      const [, dialect, runId, gateId] = remote as unknown as [string, DialectId, string, string];
      const body = (await readJson(req)) as { approve?: boolean } | undefined;
      const run = ctx.existingRun(dialect, decodeURIComponent(runId));
      const approve = body?.approve !== false;
      const result = run?.decide(decodeURIComponent(gateId), approve ? 'approve' : 'reject', 'another-reviewer', approve ? 'approved' : 'rejected');
      sendJson(res, result === 'accepted' ? 200 : 409, { result: result ?? 'not_found' });
      return true;
    }
    if (url.pathname === '/sim/drop' && req.method === 'POST') {
      sendJson(res, 200, { dropped: sockets.size - 1 });
      setTimeout(() => handleDrop(), 10);
      return true;
    }
    return false;
  }

  const io = new SocketIoServer(server, { cors: { origin: '*' }, serveClient: false, ...(options.socketIoAdapter ? { adapter: options.socketIoAdapter } : {}) });
  for (const backend of backends) backend.socketIo?.(io);

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/socket.io/')) return; // engine.io handles its own upgrades
    for (const backend of backends) {
      if (backend.upgrade?.(req, socket, head, url)) return;
    }
    socket.destroy();
  });

  function handleDrop() {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const seeded = options.seedRuns && ctx.drivesRuns ? seedRuns(ctx) : undefined;
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    runs,
    dropConnections: handleDrop,
    async close() {
      seeded?.stop();
      handleDrop();
      await io.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
