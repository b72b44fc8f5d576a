/**
 * Simulated AG-UI 1.0 agent:
 *   POST /agui/<any path>   RunAgentInput (validated with `@ag-ui/core`) → SSE `data:` frames
 *                           written by the real `@ag-ui/encoder` EventEncoder; no id:, no event:,
 *                           no heartbeat. An AG-UI endpoint is a URL of its own: the start page
 *                           offers /agui/agents/research-assistant; any path under /agui/ is an agent.
 *
 * One ScriptedRun per thread. The thread picks the scenario: a threadId naming one
 * (`gate`, `gate~x`), else the first user message naming a scenario word, else fanout.
 * Each POST streams one run segment and ends the response after RUN_FINISHED / RUN_ERROR:
 *   - first POST on a thread: starts the run, streams until the first interrupt or the end;
 *   - POST with `resume`: recorded (one `resume` record per entry), decides the gate as a
 *     framework would ('resolved' with a schema-valid payload → its `approved` picks the
 *     branch, 'cancelled' → reject branch; agui-interrupt-frames.ts) and streams the
 *     continuation, which opens with a RUN_STARTED carrying this POST's runId. A resume
 *     with no payload or a bad one is not honoured: the tool suspends again;
 *   - POST without `resume` on a known thread: streams the current segment again (a second
 *     viewer), or 409 while interrupts wait for an answer.
 * AG-UI has no cancel/pause requests, so none are served.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { EventType, type RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import * as z from 'zod';

import { type AguiSegmentControl, type AguiWire, createAguiEncoder } from '@/simulator/backends/agui-encoder';
import { readResume } from '@/simulator/backends/agui-interrupt-frames';
import type { ScriptedRun } from '@/simulator/engine/scripted-run';
import { SIMULATOR_AGUI_PREFIX } from '@/lib/simulator-backend-url';
import { CORS_HEADERS, readJson, sendJson } from '@/simulator/http-util';
import { SCENARIOS, scenarioForRun } from '@/simulator/scenarios/scenarios';
import type { SimBackendFactory, SimContext } from '@/simulator/sim-backend';

type Thread = { key: string; control: AguiSegmentControl };

export const createAguiBackend: SimBackendFactory = (ctx) => {
  const threads = new Map<string, Thread>();
  return {
    dialect: 'agui',
    startsRuns: true,
    async http(req, res, url) {
      if (!url.pathname.startsWith(SIMULATOR_AGUI_PREFIX)) return false;
      if (req.method !== 'POST') {
        sendJson(res, 405, { error: 'POST a RunAgentInput' });
        return true;
      }
      const body = await readJson(req);
      const parsed = RunAgentInputSchema.safeParse(body);
      if (!parsed.success) {
        sendJson(res, 400, { error: z.prettifyError(parsed.error) });
        return true;
      }
      handleRun(ctx, threads, parsed.data, body, req, res);
      return true;
    },
  };
};

function handleRun(ctx: SimContext, threads: Map<string, Thread>, input: RunAgentInput, body: unknown, req: IncomingMessage, res: ServerResponse) {
  const thread = threads.get(input.threadId);
  const resume = input.resume ?? [];
  if (!thread) {
    if (resume.length > 0) return sendJson(res, 409, { error: `thread ${input.threadId} has no interrupted run to resume` });
    ctx.record({ dialect: 'agui', runId: input.threadId, kind: 'run', body });
    const created: Thread = { key: runKeyFor(input), control: { threadId: input.threadId, nextRunId: input.runId, nextInput: body } };
    const run = ctx.run('agui', created.key, createAguiEncoder(created.control));
    if (!run) return sendJson(res, 404, { error: `no scenario for thread ${input.threadId}` });
    threads.set(input.threadId, created);
    return streamSegment(req, res, run, 0);
  }
  const run = ctx.existingRun<AguiWire>('agui', thread.key);
  if (!run) return sendJson(res, 404, { error: `thread ${input.threadId} is gone` });
  if (resume.length === 0) {
    ctx.record({ dialect: 'agui', runId: input.threadId, kind: 'run', body });
    if (run.phase === 'waiting') return sendJson(res, 409, { error: `thread has pending interrupts (${run.pendingGateIds.join(', ')}): answer them with resume` });
    return streamSegment(req, res, run, lastSegmentStart(run));
  }
  const start = run.history.length;
  // The whole resumed input, conversation included (a stateless agent reads its messages).
  ctx.record({ dialect: 'agui', runId: input.threadId, kind: 'resume.input', body });
  thread.control.nextRunId = input.runId;
  thread.control.nextInput = body;
  let accepted = 0;
  for (const entry of resume) {
    ctx.record({ dialect: 'agui', runId: input.threadId, kind: 'resume', body: entry });
    const read = readResume(entry);
    if (read === 'again') continue;
    const result = run.decide(entry.interruptId, read, 'agui-client', read === 'approve' ? 'approved' : entry.status === 'cancelled' ? 'cancelled' : 'rejected');
    if (result === 'accepted') accepted += 1;
  }
  if (accepted === 0) {
    thread.control.nextRunId = undefined;
    thread.control.nextInput = undefined;
    // A framework resumes a suspended tool only with a payload its schema accepts: anything
    // else starts a fresh turn in which the tool suspends again (the same interrupt).
    if (run.phase === 'waiting' && resume.some((entry) => run.pendingGateIds.includes(entry.interruptId))) return suspendAgain(res, run, input);
    return sendJson(res, 409, { error: 'no pending interrupt matches this resume (already answered or unknown)' });
  }
  return streamSegment(req, res, run, start);
}

/** Thread ids naming a scenario run it; otherwise the user's words pick one, or fanout. */
function runKeyFor(input: RunAgentInput): string {
  if (scenarioForRun(input.threadId)) return input.threadId;
  const first = input.messages.find((m) => m.role === 'user');
  const text = typeof first?.content === 'string' ? first.content.toLowerCase() : '';
  const named = SCENARIOS.find((s) => new RegExp(`\\b${s.id}\\b`).test(text));
  return `${named?.id ?? 'fanout'}~${input.threadId}`;
}

/** A segment of its own that ends at the same interrupt again (nothing is added to the run's history). */
function suspendAgain(res: ServerResponse, run: ScriptedRun<AguiWire>, input: RunAgentInput) {
  const finishedAt = run.history.findLastIndex((event) => event.type === 'RUN_FINISHED');
  const note = run.history[finishedAt - 1];
  const finished = run.history[finishedAt];
  const segment: AguiWire[] = [
    { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as AguiWire,
    ...(note?.type === EventType.CUSTOM ? [note] : []),
    ...(finished ? [{ ...finished, runId: input.runId } as AguiWire] : []),
  ];
  const encoder = new EventEncoder();
  res.writeHead(200, { ...CORS_HEADERS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of segment) res.write(encoder.encodeSSE(event));
  res.end();
}

function lastSegmentStart(run: ScriptedRun<AguiWire>): number {
  for (let i = run.history.length - 1; i >= 0; i--) if (run.history[i]?.type === 'RUN_STARTED') return i;
  return 0;
}

const endsSegment = (event: AguiWire) => event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR';

/** Streams history from `start`, then live events, and ends the response with the segment. */
function streamSegment(req: IncomingMessage, res: ServerResponse, run: ScriptedRun<AguiWire>, start: number) {
  const encoder = new EventEncoder();
  res.writeHead(200, { ...CORS_HEADERS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  let done = false;
  let unsubscribe = () => {};
  const write = (event: AguiWire) => {
    if (done) return;
    res.write(encoder.encodeSSE(event));
    if (!endsSegment(event)) return;
    done = true;
    unsubscribe();
    res.end();
  };
  for (const event of run.history.slice(start)) write(event);
  if (done) return;
  unsubscribe = run.subscribe(write);
  req.on('close', () => unsubscribe());
  res.on('close', () => unsubscribe());
}
