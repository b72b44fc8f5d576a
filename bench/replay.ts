/**
 * Benchmark 5 — replay, measured in Node on the replay pipeline the app uses
 * (parse-recording → createReplaySession: decode, sequence and snapshot every frame →
 * cursor.seek). The browser route for `?replay=` is not wired yet, so "opens to an
 * interactive view" is measured as: recording text → session at its end, without the
 * first paint (benchmark 3 and 4 time painting). Seeks go to random positions, both ways.
 */
import { createReplaySession } from '@/app/create-replay-session';

import { createPipeline, feed } from './lib/session';
import { buildSteps, encodeFrames, finishSteps } from './lib/stream';
import { ms, percentile, type BenchOptions, type BenchRow } from './lib/report';

function recordingText(events: number): string {
  const { frames } = encodeFrames('relavium', 'storm~replay', finishSteps(buildSteps(events)));
  const pipeline = createPipeline('relavium', 'storm~replay', Number.MAX_SAFE_INTEGER);
  feed(pipeline, frames, 64);
  return pipeline.frames.toJsonl();
}

export async function benchReplay({ quick, log }: BenchOptions): Promise<BenchRow[]> {
  const events = quick ? 20_000 : 100_000;
  const text = recordingText(events);
  const started = performance.now();
  const replay = await createReplaySession({ recording: text });
  replay.cursor.seek(replay.timeline.total);
  const openMs = performance.now() - started;
  const seeks: number[] = [];
  let seed = 7;
  for (let i = 0; i < 200; i++) {
    seed = (seed * 48271) % 2147483647;
    const position = seed % (replay.timeline.total + 1);
    const t = performance.now();
    replay.cursor.seek(position);
    seeks.push(performance.now() - t);
  }
  log(`replay ${replay.timeline.total} frames (${(text.length / 1024 / 1024).toFixed(1)} MB): open ${openMs.toFixed(0)} ms; seek p50 ${ms(percentile(seeks, 50))} p95 ${ms(percentile(seeks, 95))} max ${ms(Math.max(...seeks))}`);
  return [
    { bench: `5 replay open ${Math.round(replay.timeline.total / 1000)}k frames (Node, no paint)`, figure: ms(openMs), budget: '≤ 2,000 ms', met: openMs <= 2000 },
    { bench: '5 replay seek, 200 random positions', figure: `p95 ${ms(percentile(seeks, 95))}, max ${ms(Math.max(...seeks))}`, budget: '≤ 100 ms', met: Math.max(...seeks) <= 100 },
  ];
}
