/**
 * Runs the simulator starts by itself, so a console pointed at it is full at once: in each
 * dialect with a run list, one run completed, one failed, one cancelled, one waiting at a
 * gate (no deadline), one long run that keeps running for minutes and one that is running
 * now and completes shortly. They belong to the "demo" session (MARS, tolky).
 *
 * The finished ones play fast (`FAST` of the simulator's time scale), so they are over
 * within seconds of startup. `stop()` cancels whatever still runs, so a process that
 * started a simulator can end.
 */
import { createMarsEncoder } from '@/simulator/backends/mars-encoder';
import { createRelaviumEncoder } from '@/simulator/backends/relavium-encoder';
import { createShannonEncoder } from '@/simulator/backends/shannon-encoder';
import { createTolkyEncoder } from '@/simulator/backends/tolky-encoder';
import type { Encoder, ScriptedRun } from '@/simulator/engine/scripted-run';
import type { DialectId } from '@/protocol/dialect';
import type { SimContext } from '@/simulator/sim-backend';

export const DEMO_SESSION = 'demo';
const FAST = 0.15;

/** Run ids name their scenario (`<scenario>~<suffix>`); `fast` plays at FAST × the time scale. */
export const SEEDS: readonly { id: string; fast: boolean }[] = [
  { id: 'fanout~demo-done', fast: true },
  { id: 'retry~demo-failed', fast: true },
  { id: 'cancel~demo-cancelled', fast: true },
  { id: 'hold~demo-waiting', fast: true },
  { id: 'long~demo-running', fast: false },
  { id: 'fanout~demo-live', fast: false },
];

const ENCODERS: Readonly<Partial<Record<DialectId, () => Encoder<unknown>>>> = {
  relavium: createRelaviumEncoder as () => Encoder<unknown>,
  shannon: createShannonEncoder as () => Encoder<unknown>,
  mars: createMarsEncoder as () => Encoder<unknown>,
  tolky: () => createTolkyEncoder(DEMO_SESSION) as Encoder<unknown>,
};

export function seedRuns(ctx: SimContext): { stop: () => void } {
  const started: ScriptedRun<unknown>[] = [];
  const timers: ReturnType<typeof setTimeout>[] = [];
  // Staggered a little, so "newest first" has an order to show.
  SEEDS.forEach((seed, index) => {
    timers.push(
      setTimeout(() => {
        for (const [dialect, encoder] of Object.entries(ENCODERS) as [DialectId, () => Encoder<unknown>][]) {
          const run = ctx.run(dialect, seed.id, encoder(), seed.fast ? { timeScale: ctx.timeScale * FAST } : {});
          if (!run) continue;
          run.group = DEMO_SESSION;
          started.push(run);
        }
      }, index * 40),
    );
  });
  return {
    stop() {
      timers.forEach(clearTimeout);
      for (const run of started) run.cancel('simulator stopped');
    },
  };
}
