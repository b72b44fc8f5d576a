/**
 * The fault channel's pause keeps order (issue 20, MARS seed 33 / 90 of `faults:long`): a
 * WebSocket over TCP never reorders messages, so a channel with `reorder: 0` must write its
 * units in the order they came, however late the event loop runs. Each paused unit once got
 * a timer of its own; under CPU load Node runs every due timer of one duration before any of
 * another, so a unit sent after a paused one could overtake it — MARS's `step_start` then
 * arrived before the `dag_created` it names, and the plan's message went to a `step-1` node.
 * Deterministic: the lag is a synchronous busy wait, the pause a scripted draw.
 */
import { expect, test } from 'vitest';

import { emptyStats, FaultChannel, type FaultRates } from '../support/fault-channel';

const PAUSE_ONLY: FaultRates = { drop: 0, duplicate: 0, reorder: 0, reorderWindow: 5, delay: 0.5, delayMs: 40 };

/** Draws in the channel's order: per unit a fault roll, a reorder roll, then (in emit) a pause roll and its length. */
function scripted(draws: number[]): () => number {
  return () => draws.shift() ?? 0.9;
}

/** Blocks the event loop, as a busy machine does. */
function lag(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

test('a paused unit is never overtaken by a later one, even when the event loop runs late', async () => {
  const written: string[] = [];
  // dag_created pauses 20 ms; step_start (no pause) comes after the loop lagged past that.
  const channel = new FaultChannel(scripted([0.9, 0.9, 0.1, 0.5, 0.9, 0.9, 0.9]), PAUSE_ONLY, emptyStats(), (unit) => written.push(unit));
  // Another zero-delay timer already pending (the process has many): its list is due first.
  setTimeout(() => undefined, 0);
  channel.push('dag_created', true);
  lag(30);
  channel.push('step_start', true);
  lag(5);
  await new Promise((resolve) => setTimeout(resolve, 80));
  channel.close();
  expect(written).toEqual(['dag_created', 'step_start']);
});

test('units pushed while one is paused wait behind it and then go out in order', async () => {
  const written: string[] = [];
  const channel = new FaultChannel(scripted([0.9, 0.9, 0.1, 1, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9]), PAUSE_ONLY, emptyStats(), (unit) => written.push(unit));
  channel.push('a', true);
  channel.push('b', true);
  channel.push('c', false);
  expect(written).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 80));
  channel.close();
  expect(written).toEqual(['a', 'b', 'c']);
});
