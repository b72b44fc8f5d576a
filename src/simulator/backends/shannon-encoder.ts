/**
 * Scenario steps → the events a real Shannon server publishes (shannon-wire.ts turns each
 * into its SSE frame and its history row).
 *
 * Choices, after the upstream code: the envelope and stream ids are `shannon-emitter.ts`; the plan
 * and its task list `shannon-tasks.ts`; a model call is an LLM_PROMPT, its LLM_PARTIAL deltas and
 * an LLM_OUTPUT carrying the usage payload; AGENT_COMPLETED repeats the agent's cost_usd, which the
 * decoder must not count twice; completions, failures, gates and the run's end are
 * `shannon-outcomes.ts`. A cancel is workflow.cancelling, STREAM_END, then workflow.cancelled (the
 * DAG paths' order). A `review` gate is the research-plan review, and a plan whose nodes name an
 * `agent` is a swarm's task list: both are encoded as upstream sends them (shannon-hitl-encoder.ts).
 */
import { createShannonEmitter } from '@/simulator/backends/shannon-emitter';
import { isSwarm, planReady, reviewEnded, reviewRound, swarmDone, swarmStarted } from '@/simulator/backends/shannon-hitl-encoder';
import { encodeOutcome, llmOutput, type Helpers } from '@/simulator/backends/shannon-outcomes';
import { ShannonTasks } from '@/simulator/backends/shannon-tasks';
import type { ShannonWire } from '@/simulator/backends/shannon-wire';
import type { SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export type { ShannonWire } from '@/simulator/backends/shannon-wire';

export function createShannonEncoder(): Encoder<ShannonWire> {
  const ev = createShannonEmitter();
  const tasks = new ShannonTasks(ev);
  const text = new Map<string, string>();
  const agentUsd = new Map<string, number>();
  let totalTokens = 0;
  const reviews = new Set<string>();
  const helpers = (): Helpers => ({ ev, taskUpdate: (run, node, status) => tasks.update(run, node, status), agentUsd, totalTokens });

  /** The first delta of a model call follows its prompt (never persisted, like the deltas). */
  const tokens = (step: Extract<SimStep, { op: 'tokens' }>, run: RunFacts): ShannonWire[] => {
    // A swarm agent's reply is not streamed: its LLM_OUTPUT carries the text.
    if (tasks.isSwarmTask(step.node)) {
      text.set(step.node, (text.get(step.node) ?? '') + step.text);
      return [];
    }
    // The first delta of a model call follows its prompt (never persisted, like the deltas):
    // Shannon's agent activity sends the agent's query (here its task's description) in `message`.
    const prompt = text.has(step.node) ? [] : [ev(run, 'LLM_PROMPT', { agent: step.node, message: tasks.describe(step.node), payload: { role: step.node } })];
    text.set(step.node, (text.get(step.node) ?? '') + step.text);
    return [...prompt, ev(run, 'LLM_PARTIAL', { agent: step.node, message: step.text })];
  };

  const tool = (step: Extract<SimStep, { op: 'tool' }>, run: RunFacts): ShannonWire[] => [
    ev(run, 'TOOL_INVOKED', { agent: tasks.who(step.node), message: `Calling ${step.tool}`, payload: { tool: step.tool, params: step.args } }),
    ev(run, 'TOOL_OBSERVATION', { agent: tasks.who(step.node), message: `${step.tool} returned`, payload: { tool: step.tool, success: step.ok ?? true, duration_ms: 120, result: step.result } }),
  ];

  const cost = (step: Extract<SimStep, { op: 'cost' }>, run: RunFacts): ShannonWire[] => {
    agentUsd.set(step.node, (agentUsd.get(step.node) ?? 0) + step.usd);
    totalTokens += step.inputTokens + step.outputTokens;
    return [llmOutput(step, run, ev, text, tasks.who(step.node))];
  };

  return (step: SimStep, run: RunFacts): ShannonWire[] => {
    switch (step.op) {
      case 'run.start':
        if (isSwarm(run)) return swarmStarted(run, ev);
        return [ev(run, 'WORKFLOW_STARTED', { agent: 'orchestrator', message: 'Starting up', payload: { query: step.title, mode: 'STANDARD' } })];
      case 'plan':
        return tasks.plan(step, run);
      case 'chapter.start':
        return [ev(run, 'PROGRESS', { message: `Phase: ${step.title}` })];
      case 'node.start':
        return tasks.agentStarted(run, step.node);
      case 'node.progress':
        return [ev(run, 'PROGRESS', { agent: tasks.who(step.node), message: step.message ?? 'working', payload: { percentage: Math.round(step.progress * 100) } })];
      case 'tokens':
        return tokens(step, run);
      case 'tool':
        return tool(step, run);
      case 'cost':
        return cost(step, run);
      case 'gate':
        if (step.kind !== 'review') return encodeOutcome(step, run, helpers());
        reviews.add(step.id);
        return [planReady(step, run, ev)];
      case 'gate.revised':
        return reviewRound(step, run, ev);
      case 'gate.resolved':
        return reviews.has(step.id) ? reviewEnded(step, run, ev) : encodeOutcome(step, run, helpers());
      case 'node.done':
        if (tasks.isSwarmTask(step.node)) return tasks.update(run, step.node, 'completed');
        return encodeOutcome(step, run, helpers());
      case 'run.done':
        if (tasks.isSwarm) return swarmDone(step.output, run, ev);
        return encodeOutcome(step, run, helpers());
      default:
        return encodeOutcome(step, run, helpers());
    }
  };
}
