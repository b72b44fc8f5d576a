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
  const steps: SimStep[] = [{ op: 'run.start', title: 'Benchmark storm' }];
  const ids = Array.from({ length: nodes }, (_, i) => nodeId(i));
  steps.push({
    op: 'plan',
    nodes: ids.map((id, i) => ({ id, label: `Step ${i}`, kind: i % 5 === 0 ? 'tool' : 'agent' })),
    edges: ids.slice(1).map((id, i) => ({ source: ids[Math.floor(i / 4)] ?? 'n000', target: id })),
  });
  const attempts = new Map<string, number>();
  let next = 0;
  let chapter = 0;
  const startLife = (): Life => {
    const node = ids[next++ % ids.length] ?? 'n000';
    const attempt = (attempts.get(node) ?? 0) + 1;
    attempts.set(node, attempt);
    steps.push({ op: 'node.start', node, ...(attempt > 1 ? { attempt } : {}) });
    steps.push({ op: 'tool', node, tool: 'web_search', args: { query: `${node} ${attempt}` }, result: { hits: 7 } });
    return { node, attempt, left: TOKENS_PER_LIFE };
  };
  const lives = Array.from({ length: Math.min(RUNNING, nodes) }, startLife);
  let turn = 0;
  while (steps.length < events) {
    if (steps.length >= chapter * 10_000) {
      if (chapter > 0) steps.push({ op: 'chapter.end', key: `c${chapter - 1}`, status: 'completed' });
      steps.push({ op: 'chapter.start', key: `c${chapter}`, title: `Phase ${chapter}` });
      chapter += 1;
    }
    const slot = turn++ % lives.length;
    const life = lives[slot] as Life;
    steps.push({ op: 'tokens', node: life.node, text: WORDS[turn % WORDS.length] ?? 'x ', model: MODEL });
    if (--life.left > 0) continue;
    steps.push({ op: 'cost', node: life.node, model: MODEL, inputTokens: 900, outputTokens: TOKENS_PER_LIFE, usd: 0.0031 });
    steps.push({ op: 'node.done', node: life.node, output: { summary: `life ${life.attempt} of ${life.node}` }, ...(life.attempt > 1 ? { attempt: life.attempt } : {}) });
    if (turn % 97 === 0) steps.push({ op: 'log', level: 'info', message: `checkpoint after ${steps.length} steps`, node: life.node });
    lives[slot] = startLife();
  }
  return steps;
}

/** Finishes the run cleanly (every open step and message closed: AG-UI's verifier insists). */
export function finishSteps(steps: readonly SimStep[]): SimStep[] {
  const open = new Map<string, number>();
  for (const step of steps) {
    if (step.op === 'node.start') open.set(step.node, step.attempt ?? 1);
    if (step.op === 'node.done') open.delete(step.node);
  }
  const tail: SimStep[] = [...open].map(([node, attempt]) => ({ op: 'node.done', node, output: {}, ...(attempt > 1 ? { attempt } : {}) }));
  return [...steps, ...tail, { op: 'run.done', output: { ok: true } }];
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
      return { encoder: createMyagentEncoder() as Encoder<unknown>, toFrame: (w) => w };
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

/** An encoder kept across calls, so a long stream can be encoded (and dropped) in chunks. */
export function createFrameEncoder(dialect: DialectId, runId: string): (steps: readonly SimStep[]) => { frames: unknown[]; wires: unknown[] } {
  const { encoder, toFrame } = wrapping(dialect, runId);
  const startedAtMs = Date.UTC(2025, 0, 1);
  let index = 0;
  let totalUsd = 0;
  return (steps) => {
    const frames: unknown[] = [];
    const wires: unknown[] = [];
    for (const step of steps) {
      const facts: RunFacts = { runId, scenario: SCENARIO, nowMs: startedAtMs + index++ * 5, totalUsd, startedAtMs };
      for (const wire of encoder(step, facts)) {
        wires.push(wire);
        frames.push(toFrame(wire));
      }
      if (step.op === 'cost') totalUsd += step.usd;
    }
    return { frames, wires };
  };
}

/** The frames a transport would deliver for these steps, plus each frame's JSON text. */
export function encodeFrames(dialect: DialectId, runId: string, steps: readonly SimStep[]): { frames: unknown[]; texts: string[]; wires: unknown[] } {
  const { frames, wires } = createFrameEncoder(dialect, runId)(steps);
  // The text each frame arrived as (the JSON.parse limit parses exactly these).
  const texts = frames.map((frame) => JSON.stringify(frame));
  return { frames, texts, wires };
}
