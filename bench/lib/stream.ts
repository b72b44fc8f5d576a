/**
 * The benchmarks' synthetic run: a long, realistic mixed stream in every dialect's real
 * wire form. Steps are protocol-neutral SimSteps (the simulator's scenario language);
 * the simulator's own encoders turn them into wire objects, and `toFrame` wraps each the
 * way its transport delivers it (SSE `{id, event, data}`, Socket.IO `{event, data}`,
 * WebSocket: the message itself), so ingest sees exactly what it sees live.
 *
 * Shape: a 200-node plan; 20 nodes stream at once, round-robin, ~50 tokens per node life
 * (one AG-UI message each), with a tool call, a cost and a completion per life; node ids
 * cycle through the plan (a rerun is a new attempt), so the graph stays 200 nodes however
 * long the stream; a chapter every ~10k events and a log line now and then.
 */
import type { DialectId } from '@/protocol/dialect';
import { createAguiEncoder } from '@/simulator/backends/agui-encoder';
import { createMarsEncoder } from '@/simulator/backends/mars-encoder';
import { createMyagentEncoder } from '@/simulator/backends/myagent-encoder';
import { createRelaviumEncoder } from '@/simulator/backends/relavium-encoder';
import { createShannonEncoder } from '@/simulator/backends/shannon-encoder';
import { toSse, type ShannonWire } from '@/simulator/backends/shannon-wire';
import { createTolkyEncoder } from '@/simulator/backends/tolky-encoder';
import type { Scenario, SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export const PLAN_NODES = 200;
export const RUNNING = 20;
export const TOKENS_PER_LIFE = 50;
const MODEL = 'gpt-4o-mini';
const WORDS = ['the ', 'market ', 'grows ', 'about ', 'twelve ', 'percent ', 'a ', 'year; ', 'prices ', 'fall ', 'while ', 'demand ', 'rises. '];

export const nodeId = (i: number) => `n${String(i % PLAN_NODES).padStart(3, '0')}`;

type Life = { node: string; attempt: number; left: number };

/** Steps that encode to about `events` frames (tokens are one frame in every dialect). */
export function buildSteps(events: number, nodes = PLAN_NODES): SimStep[] {
  return [...generateSteps(events, nodes, false)];
}

/**
 * The same steps one at a time, so a 1M-event run never holds its whole script (benchmark 1's
 * linearity and benchmark 6's memory runs encode and feed in chunks). `finish`: end with the
 * steps `finishSteps` would add.
 */
export function* generateSteps(events: number, nodes = PLAN_NODES, finish = true): Generator<SimStep> {
  const ids = Array.from({ length: nodes }, (_, i) => nodeId(i));
  const open = new Map<string, number>();
  let count = 0;
  const emit = (step: SimStep): SimStep => {
    count += 1;
    if (step.op === 'node.start') open.set(step.node, step.attempt ?? 1);
    if (step.op === 'node.done') open.delete(step.node);
    return step;
  };
  yield emit({ op: 'run.start', title: 'Benchmark storm' });
  yield emit({
    op: 'plan',
    nodes: ids.map((id, i) => ({ id, label: `Step ${i}`, kind: i % 5 === 0 ? 'tool' : 'agent' })),
    edges: ids.slice(1).map((id, i) => ({ source: ids[Math.floor(i / 4)] ?? 'n000', target: id })),
  });
  const attempts = new Map<string, number>();
  let next = 0;
  let chapter = 0;
  const lives: Life[] = [];
  function* startLife(): Generator<SimStep, Life> {
    const node = ids[next++ % ids.length] ?? 'n000';
    const attempt = (attempts.get(node) ?? 0) + 1;
    attempts.set(node, attempt);
    yield emit({ op: 'node.start', node, ...(attempt > 1 ? { attempt } : {}) });
    yield emit({ op: 'tool', node, tool: 'web_search', args: { query: `${node} ${attempt}` }, result: { hits: 7 } });
    return { node, attempt, left: TOKENS_PER_LIFE };
  }
  for (let i = 0; i < Math.min(RUNNING, nodes); i++) lives.push(yield* startLife());
  let turn = 0;
  while (count < events) {
    if (count >= chapter * 10_000) {
      if (chapter > 0) yield emit({ op: 'chapter.end', key: `c${chapter - 1}`, status: 'completed' });
      yield emit({ op: 'chapter.start', key: `c${chapter}`, title: `Phase ${chapter}` });
      chapter += 1;
    }
    const slot = turn++ % lives.length;
    const life = lives[slot] as Life;
    yield emit({ op: 'tokens', node: life.node, text: WORDS[turn % WORDS.length] ?? 'x ', model: MODEL });
    if (--life.left > 0) continue;
    yield emit({ op: 'cost', node: life.node, model: MODEL, inputTokens: 900, outputTokens: TOKENS_PER_LIFE, usd: 0.0031 });
    yield emit({ op: 'node.done', node: life.node, output: { summary: `life ${life.attempt} of ${life.node}` }, ...(life.attempt > 1 ? { attempt: life.attempt } : {}) });
    if (turn % 97 === 0) yield emit({ op: 'log', level: 'info', message: `checkpoint after ${count} steps`, node: life.node });
    lives[slot] = yield* startLife();
  }
  if (finish) yield* closingSteps(open);
}

/** Finishes the run cleanly (every open step and message closed: AG-UI's verifier insists). */
export function finishSteps(steps: readonly SimStep[]): SimStep[] {
  const open = new Map<string, number>();
  for (const step of steps) {
    if (step.op === 'node.start') open.set(step.node, step.attempt ?? 1);
    if (step.op === 'node.done') open.delete(step.node);
  }
  return [...steps, ...closingSteps(open)];
}

/** Every still open node done (in the order they started), then the run. */
function closingSteps(open: ReadonlyMap<string, number>): SimStep[] {
  const tail: SimStep[] = [...open].map(([node, attempt]) => ({ op: 'node.done', node, output: {}, ...(attempt > 1 ? { attempt } : {}) }));
  return [...tail, { op: 'run.done', output: { ok: true } }];
}

/** Steps in chunks of `size` (the last may be shorter). */
export function* chunksOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

const SCENARIO: Scenario = { id: 'storm', title: 'Benchmark storm', description: 'generated', tickMs: 0, steps: [] };

type Wrapped = { encoder: Encoder<unknown>; toFrame: (wire: unknown) => unknown };

function wrapping(dialect: DialectId, runId: string): Wrapped {
  switch (dialect) {
    case 'relavium':
      return { encoder: createRelaviumEncoder() as Encoder<unknown>, toFrame: (w) => ({ id: String((w as { sequenceNumber: number }).sequenceNumber), data: w }) };
    case 'tolky':
      return { encoder: createTolkyEncoder(null) as Encoder<unknown>, toFrame: (w) => ({ event: 'sequential_thinking_event', data: w }) };
    case 'myagent':
      return { encoder: createMyagentEncoder() as Encoder<unknown>, toFrame: myagentStamp() };
    case 'mars':
      return { encoder: createMarsEncoder() as Encoder<unknown>, toFrame: (w) => w };
    case 'shannon':
      return {
        encoder: createShannonEncoder() as Encoder<unknown>,
        // As the SSE transport delivers it: the data line parsed when it is JSON (`[DONE]` stays text).
        toFrame: (w) => {
          const s = toSse(w as ShannonWire);
          return { id: s.id, event: s.event, data: s.data === '[DONE]' ? s.data : (JSON.parse(s.data) as unknown) };
        },
      };
    case 'agui':
      return { encoder: createAguiEncoder({ threadId: runId }) as Encoder<unknown>, toFrame: (w) => ({ data: w }) };
  }
}

/**
 * What the myagent server stamps on every frame of one connection (myagent-backend.ts `send`):
 * `seq` from 1, `event_id`, `session_id`, `metadata.connection_id`. Its outbound queue's
 * coalescing of partial answers is left out: in a storm every frame is delivered.
 */
function myagentStamp(): (wire: unknown) => unknown {
  const connection = 'conn-1';
  let seq = 0;
  return (wire) => {
    const frame = wire as Record<string, unknown>;
    seq += 1;
    const metadata = { ...(frame.metadata as Record<string, unknown> | undefined), connection_id: connection };
    return { ...frame, session_id: 'sess-bench', metadata, seq, event_id: `${connection}-${seq}` };
  };
}

export type EncodedChunk = {
  /** Each frame as a transport delivers it: JSON.parse of the text the server sent. */
  frames: unknown[];
  /** That text. */
  texts: string[];
  /** The encoder's wire objects, as parsed from their own text (the AG-UI peer reads these). */
  wires: unknown[];
};

/**
 * An encoder kept across calls, so a long stream can be encoded (and dropped) in chunks.
 * Why frames go through JSON text: ingest always receives what JSON.parse made (SSE,
 * WebSocket and Socket.IO all parse text), and objects built by the encoders (spreads,
 * literals) are laid out differently in memory — they read up to a third slower in myagent.
 */
export function createFrameEncoder(dialect: DialectId, runId: string): (steps: readonly SimStep[]) => EncodedChunk {
  const { encoder, toFrame } = wrapping(dialect, runId);
  const startedAtMs = Date.UTC(2025, 0, 1);
  let index = 0;
  let totalUsd = 0;
  return (steps) => {
    const chunk: EncodedChunk = { frames: [], texts: [], wires: [] };
    for (const step of steps) {
      const facts: RunFacts = { runId, scenario: SCENARIO, nowMs: startedAtMs + index++ * 5, totalUsd, startedAtMs };
      for (const wire of encoder(step, facts)) {
        const text = JSON.stringify(toFrame(wire));
        chunk.texts.push(text);
        chunk.frames.push(JSON.parse(text));
        chunk.wires.push(JSON.parse(JSON.stringify(wire)));
      }
      if (step.op === 'cost') totalUsd += step.usd;
    }
    return chunk;
  };
}

/** The frames a transport would deliver for these steps, with the text each arrived as (the JSON.parse limit parses exactly these). */
export function encodeFrames(dialect: DialectId, runId: string, steps: readonly SimStep[]): EncodedChunk {
  return createFrameEncoder(dialect, runId)(steps);
}
