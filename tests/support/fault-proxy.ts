/**
 * A fault-injecting proxy for tests, on 127.0.0.1 between the client and the simulator.
 *
 * - HTTP: requests are forwarded as they are (commands, snapshots, history pages pass
 *   untouched); a `text/event-stream` answer is parsed into SSE events and each event is a
 *   unit of the fault schedule (comments such as `: ping` pass as they are).
 * - WebSocket upgrades: both sides are real `ws` sockets; server→client messages are units.
 *   Under `/socket.io/` the messages are engine.io packets: only socket.io EVENT packets
 *   (`42…`) are units; the handshake, pings and acks pass, so the connection itself holds.
 * - Cuts: on a seeded schedule (and on `cut()`), every client connection is destroyed, as a
 *   network fault would; clients reconnect through the proxy. The schedule spares connections
 *   younger than YOUNG_MS: cutting every handshake would test the client's backoff cap (a
 *   connection that never opens), not whether an established stream loses events.
 * Client→server traffic is never faulted: the faults are in what the client receives.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import WebSocket, { WebSocketServer } from 'ws';

import { emptyStats, FaultChannel, ISSUE_RATES, mulberry32, type FaultRates, type FaultStats } from './fault-channel';

export type FaultProxyOptions = Readonly<{
  /** The simulator's base, `http://127.0.0.1:<port>`. */
  target: string;
  seed: number;
  rates?: FaultRates;
  /** Cut every connection every [min, max] ms (seeded); undefined: only on `cut()`. */
  cutEveryMs?: readonly [number, number];
  /** Units that must never be faulted (a protocol cannot recover them; say why at the call). */
  spare?: (unit: string) => boolean;
  /** A unit a test aims at: dropped the first time it passes, whatever the schedule (a deterministic loss). */
  dropOnce?: (unit: string) => boolean;
}>;

export type FaultProxy = Readonly<{
  url: string;
  stats: FaultStats;
  /** Cuts every client connection now. */
  cut(): void;
  /** Stops the cut schedule and faulting; what is open stays open. */
  calm(): void;
  close(): Promise<void>;
}>;

const YOUNG_MS = 300;

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const stats = emptyStats();
  const rates: { -readonly [K in keyof FaultRates]: FaultRates[K] } = { ...(options.rates ?? ISSUE_RATES) };
  const faultable = (unit: string) => !options.spare?.(unit);
  let connections = 0;
  /** Open streams and raw sockets, each with when it opened. */
  const live = new Map<() => void, number>();
  const sockets = new Map<Socket, number>();
  const wss = new WebSocketServer({ noServer: true });
  // One PRNG per connection, seeded from the run's seed and the connection's number.
  const channelFor = (write: (unit: string) => void) => new FaultChannel(mulberry32(options.seed * 7919 + ++connections), rates, stats, write);
  const droppedOnce = new Set<string>();
  /** True (and counted) the first time an aimed unit passes. */
  const aimedAt = (unit: string): boolean => {
    if (!options.dropOnce?.(unit) || droppedOnce.has(unit)) return false;
    droppedOnce.add(unit);
    stats.dropped += 1;
    return true;
  };

  const server = createServer((req, res) => forward(req, res));
  server.on('connection', (socket) => {
    sockets.set(socket, Date.now());
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req, socket, head) => {
    // Not cuttable until its upstream is open and what the client sent first is relayed (see bridge).
    sockets.set(socket as Socket, Infinity);
    wss.handleUpgrade(req, socket, head, (client) => bridge(req, client, socket as Socket));
  });

  function forward(req: IncomingMessage, res: ServerResponse) {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!String(answer.headers['content-type'] ?? '').includes('text/event-stream')) return void answer.pipe(res);
        res.flushHeaders();
        const channel = channelFor((unit) => res.write(unit));
        const stop = () => {
          channel.close();
          answer.destroy();
          res.destroy();
        };
        live.set(stop, Date.now());
        res.on('close', () => {
          live.delete(stop);
          channel.close();
          answer.destroy();
        });
        pumpSse(
          answer,
          (unit, canFault) => {
            if (!aimedAt(unit)) channel.push(unit, canFault);
          },
          faultable,
          () => res.end(),
        );
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }

  /**
   * A socket's age counts from when its upstream opened and the client's first messages (MARS's
   * start frame) reached the server: a cut before that loses the start itself — a run that never
   * began, not a stream that lost events — and on a busy machine that took longer than YOUNG_MS.
   */
  function bridge(req: IncomingMessage, client: WebSocket, raw: Socket) {
    const url = `ws://${target.host}${req.url ?? '/'}`;
    const upstream = new WebSocket(url);
    const socketIo = (req.url ?? '').startsWith('/socket.io/');
    const outbox: string[] = [];
    const channel = channelFor((unit) => client.readyState === WebSocket.OPEN && client.send(unit));
    const stop = () => {
      channel.close();
      client.terminate();
      upstream.terminate();
    };
    live.set(stop, Infinity);
    upstream.on('open', () => {
      outbox.splice(0).forEach((m) => upstream.send(m));
      if (live.has(stop)) live.set(stop, Date.now());
      if (sockets.has(raw)) sockets.set(raw, Date.now());
    });
    upstream.on('message', (data) => {
      const text = String(data);
      if (!aimedAt(text)) channel.push(text, (socketIo ? text.startsWith('42') : true) && faultable(text));
    });
    client.on('message', (data) => (upstream.readyState === WebSocket.OPEN ? upstream.send(String(data)) : outbox.push(String(data))));
    const end = () => {
      live.delete(stop);
      channel.close();
      if (client.readyState !== WebSocket.CLOSED) client.terminate();
      if (upstream.readyState !== WebSocket.CLOSED) upstream.terminate();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  }

  function cut(minAgeMs = 0) {
    stats.cuts += 1;
    const before = minAgeMs === 0 ? Infinity : Date.now() - minAgeMs;
    for (const [stop, openedAt] of [...live]) if (openedAt <= before) stop();
    for (const [socket, openedAt] of sockets) if (openedAt <= before) socket.destroy();
  }

  const cutRand = mulberry32(options.seed ^ 0x5eed);
  let cutTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleCut() {
    if (!options.cutEveryMs) return;
    const [min, max] = options.cutEveryMs;
    cutTimer = setTimeout(() => {
      cut(YOUNG_MS);
      scheduleCut();
    }, min + cutRand() * (max - min));
  }
  scheduleCut();

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    cut: () => cut(),
    calm() {
      clearTimeout(cutTimer);
      Object.assign(rates, { drop: 0, duplicate: 0, reorder: 0, delay: 0 });
    },
    async close() {
      clearTimeout(cutTimer);
      for (const stop of [...live.keys()]) stop();
      for (const socket of sockets.keys()) socket.destroy();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Splits an SSE body into whole events (blank-line separated); comment-only blocks pass unfaulted. */
function pumpSse(answer: IncomingMessage, push: (unit: string, canFault: boolean) => void, faultable: (unit: string) => boolean, end: () => void) {
  let buffer = '';
  answer.setEncoding('utf8');
  answer.on('data', (chunk: string) => {
    buffer += chunk.replace(/\r\n/g, '\n');
    for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, at + 2);
      buffer = buffer.slice(at + 2);
      const isComment = block.split('\n').every((line) => line === '' || line.startsWith(':'));
      push(block, !isComment && faultable(block));
    }
  });
  answer.on('end', () => setTimeout(end, 150));
}
