/**
 * Replay figures on a synthetic relavium recording of N frames (node starts, tokens,
 * completions over many nodes): parse, decode-once load pass, and seek times (random
 * jumps both ways). Prints figures; asserts nothing. Run: `npx tsx bench/replay-seek.ts [frames]`.
 */
import { createReplaySession } from '@/app/session/create-replay-session';
import { parseRecording } from '@/ingest/parse-recording';

const N = Number(process.argv[2] ?? 100_000);
const lines = [JSON.stringify({ runboard: 1, dialect: 'relavium', transport: 'sse', source: 'bench', startedAt: '2026-01-01T00:00:00.000Z', runId: 'bench' })];
const frame = (seq: number, data: Record<string, unknown>) => JSON.stringify({ t: seq * 5, frame: { id: String(seq), data: { runId: 'bench', timestamp: new Date(1_767_225_600_000 + seq * 5).toISOString(), sequenceNumber: seq, ...data } } });
lines.push(frame(0, { type: 'run:started', workflowId: 'wf' }));
for (let seq = 1; seq < N; seq++) {
  const node = `n${Math.floor(seq / 20)}`;
  const step = seq % 20;
  if (step === 0) lines.push(frame(seq, { type: 'node:started', nodeId: node, nodeType: 'agent' }));
  else if (step === 19) lines.push(frame(seq, { type: 'node:completed', nodeId: node, output: { ok: true }, durationMs: 90 }));
  else lines.push(frame(seq, { type: 'agent:token', nodeId: node, token: `tok${step} `, model: 'm' }));
}
const text = `${lines.join('\n')}\n`;

const ms = (start: number) => `${(performance.now() - start).toFixed(1)} ms`;
let start = performance.now();
const parsed = parseRecording(text);
process.stdout.write(`frames ${N}, ${(text.length / 1e6).toFixed(1)} MB: parse ${ms(start)}, problems ${parsed.problems.length}\n`);
start = performance.now();
const replay = await createReplaySession({ header: parsed.header!, entries: parsed.entries });
process.stdout.write(`load pass (decode once, snapshots): ${ms(start)}\n`);
const seeks: number[] = [];
let seed = 7;
for (let i = 0; i < 200; i++) {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  const target = seed % (replay.timeline.total + 1);
  const t0 = performance.now();
  replay.cursor.seek(target);
  seeks.push(performance.now() - t0);
}
seeks.sort((a, b) => a - b);
const pct = (p: number) => (seeks[Math.floor((seeks.length - 1) * p)] ?? 0).toFixed(2);
process.stdout.write(`200 random seeks: median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms; log rows at end ${replay.timeline.log.length}, status ${replay.session.run.getState().status}\n`);
