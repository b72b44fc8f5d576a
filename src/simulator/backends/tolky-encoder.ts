/**
 * Scenario steps → tolky pipeline envelopes (tolky-sequential-thinking.pt.md). tolky has no token
 * stream: streamed text becomes `status_narration` of the step, tools become `chapter_log` lines,
 * and a gate becomes `execution_interrupted`.
 *
 * This module only routes each step to the part that owns it: the envelope and chapters
 * (`tolky-frames.ts`), step numbers, groups and narration (`tolky-steps.ts`), and the run-wide
 * frames — logs, totals, gates, the end (`tolky-run-frames.ts`).
 */
import { TolkyFramer, type TolkyWire } from '@/simulator/backends/tolky-frames';
import { TolkyRunFrames } from '@/simulator/backends/tolky-run-frames';
import { TolkySteps } from '@/simulator/backends/tolky-steps';
import type { SimStep } from '@/simulator/engine/scenario';
import type { Encoder, RunFacts } from '@/simulator/engine/scripted-run';

export function createTolkyEncoder(sessionId: string | null): Encoder<TolkyWire> {
  const framer = new TolkyFramer(sessionId);
  const steps = new TolkySteps(framer);
  const runFrames = new TolkyRunFrames(framer, steps);
  return (step: SimStep, run: RunFacts): TolkyWire[] => {
    switch (step.op) {
      case 'run.start':
        return [framer.frame(run, 'intent_created', { intentId: run.runId, instructions: step.title })];
      case 'plan':
        return steps.plan(run, step);
      case 'chapter.start':
        return [framer.startChapter(run, step.key)];
      case 'chapter.end':
        return [framer.endChapter(run, step.key, step.status)];
      case 'node.start':
        return steps.start(run, step);
      case 'node.progress':
        return steps.progressOf(run, step);
      case 'tokens':
        return steps.tokens(run, step);
      case 'node.done':
        return steps.done(run, step);
      case 'node.fail':
        return steps.fail(run, step);
      case 'node.skip':
        return steps.skip(run, step);
      case 'tool':
        return runFrames.tool(run, step);
      case 'cost':
        return runFrames.cost(run, step);
      case 'log':
        return runFrames.log(run, step);
      case 'gate':
        return runFrames.gate(run, step);
      case 'gate.resolved':
        return runFrames.gateResolved(run, step);
      case 'run.done':
        return runFrames.done(run, step);
      case 'run.fail':
        return runFrames.fail(run, step);
      case 'run.cancel':
        return runFrames.cancel(run, step);
      case 'run.pause':
      case 'run.resume':
      case 'gate.revised': // Shannon's review rounds and timeout end: nothing in this protocol
      case 'run.end':
      case 'wait':
        // tolky has no pause: nothing to say on the wire.
        return [];
    }
  };
}
