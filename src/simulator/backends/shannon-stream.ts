/**
 * The simulated Shannon SSE handler, `GET /api/v1/stream/sse?workflow_id=<id>`, with the
 * real one's rules (httpapi/streaming.go:103-407, streaming/manager.go):
 * - the stream is a ring of the newest RING_CAPACITY events (deltas included);
 * - a fresh connection reads the whole ring as live events (subscribed from `0-0`), then
 *   what comes: a STREAM_END among them is written as `done` and closes the connection;
 * - a connection with a Last-Event-ID (header, or `last_event_id`) first gets the ring
 *   entries after it (a stream id compares as `<ms>-<n>`, a number as a seq) — a STREAM_END
 *   replayed there is written but does not close — then what comes live; with nothing after
 *   the id it waits for new events only, sending `: ping` every 10 s, forever;
 * - after WORKFLOW_COMPLETED, a live connection closes once 30 s pass with no event (no `done`
 *   when the workflow sent no STREAM_END, as on the review timeout path);
 * - an unknown workflow: after 30 s without an event, a raw `event: ERROR_OCCURRED`
 *   "Workflow not found" (no id, no seq, no `done`) and the connection ends.
 * Times scale with the simulator's timeScale. Every open is recorded ('stream.open', with
 * the URL, whether a bearer header came and the Last-Event-ID) so tests can check the token
 * never travels in a URL and count reconnects.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { createShannonEncoder } from '@/simulator/backends/shannon-encoder';
import { isStreamEnd, toSse, type ShannonWire } from '@/simulator/backends/shannon-wire';
import { authSeen, bearerToken, openSse, sendJson } from '@/simulator/http-util';
import type { SimContext } from '@/simulator/sim-backend';

/** The code default (manager.go:70); shipped configurations keep 512 or 1000. */
export const RING_CAPACITY = 256;
const PING_MS = 10_000;
const FIRST_EVENT_MS = 30_000;
/** After WORKFLOW_COMPLETED the gateway closes a live connection once 30 s pass with nothing more (streaming.go:370-385). */
const AFTER_COMPLETED_MS = 30_000;

type Sse = ReturnType<typeof openSse>;

export function serveStream(req: IncomingMessage, res: ServerResponse, url: URL, ctx: SimContext): true {
  const runId = url.searchParams.get('workflow_id') ?? '';
  if (!/^[A-Za-z0-9:_\-.~]{1,128}$/.test(runId)) {
    sendJson(res, 400, { error: 'Invalid or missing workflow_id' });
    return true;
  }
  const lastEventId = headerOf(req, 'last-event-id') ?? (url.searchParams.get('last_event_id') || undefined);
  ctx.record({ dialect: 'shannon', runId, kind: 'stream.open', body: { url: req.url, ...authSeen(bearerToken(req)), lastEventId } });
  const sse = openSse(res);
  sse.comment(`connected to workflow ${runId}`);
  const run = ctx.run<ShannonWire>('shannon', runId, createShannonEncoder());
  const stopPing = ping(sse, ctx);
  res.on('close', stopPing);
  if (!run) return unknownWorkflow(sse, res, runId, ctx);
  const write = (event: ShannonWire) => {
    const frame = toSse(event);
    sse.frame(frame.data, frame.id, frame.event);
  };
  const ring = run.history.slice(-RING_CAPACITY);
  if (lastEventId !== undefined) for (const event of ring.filter((e) => isAfter(e, lastEventId))) write(event);
  let open = true;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const end = () => {
    open = false;
    clearTimeout(quiet);
    sse.end();
  };
  res.on('close', () => clearTimeout(quiet));
  const live = (event: ShannonWire) => {
    if (!open) return;
    write(event);
    if (isStreamEnd(event)) return end();
    // A run that completed without STREAM_END (the review timeout path) is closed by that silence.
    if (event.type !== 'WORKFLOW_COMPLETED' && quiet === undefined) return;
    clearTimeout(quiet);
    quiet = setTimeout(end, Math.max(50, AFTER_COMPLETED_MS * ctx.timeScale));
  };
  // A fresh connection subscribes from the start of the ring: all of it arrives as live events.
  if (lastEventId === undefined) for (const event of ring) live(event);
  if (!open) return true;
  res.on('close', run.subscribe(live));
  return true;
}

function ping(sse: Sse, ctx: SimContext): () => void {
  const timer = setInterval(() => sse.comment('ping'), Math.max(50, PING_MS * ctx.timeScale));
  return () => clearInterval(timer);
}

function unknownWorkflow(sse: Sse, res: ServerResponse, runId: string, ctx: SimContext): true {
  const timer = setTimeout(() => {
    sse.frame(JSON.stringify({ workflow_id: runId, type: 'ERROR_OCCURRED', message: 'Workflow not found' }), undefined, 'ERROR_OCCURRED');
    sse.end();
  }, Math.max(50, FIRST_EVENT_MS * ctx.timeScale));
  res.on('close', () => clearTimeout(timer));
  return true;
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** After the id: a stream id `<ms>-<n>` compares as (ms, n); a plain number is a seq. */
function isAfter(event: ShannonWire, lastEventId: string): boolean {
  const redis = /^(\d+)-(\d+)$/.exec(lastEventId);
  if (!redis) return /^\d+$/.test(lastEventId) ? event.seq > Number(lastEventId) : true;
  const [ms, n] = event.stream_id.split('-').map(Number) as [number, number];
  const lastMs = Number(redis[1]);
  return ms > lastMs || (ms === lastMs && n > Number(redis[2]));
}
