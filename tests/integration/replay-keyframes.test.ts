/**
 * Keyframed recordings (ingest/recording-keyframes.ts): the export of a replay carries its
 * snapshots as keyframes; opening it gives exactly what opening the plain recording gives,
 * at the end and at every position a seek reaches; and a keyframe that is cut off, broken
 * or lying is ignored with one clear problem while the frames replay the run in full; a live
 * run's download is its frame log plus keyframes.
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { DIALECTS } from '@/protocol/dialects';
import { createReplaySession, recordingForDownload, type ReplaySession } from '@/session';
import { startSimulator, type SimulatorHandle } from '@/simulator/server';

import { recordRun } from '../../scripts/record-run';

import { visibleState } from './visible-state';

import { buildDiverseSteps } from '../../bench/lib/diverse-steps';
import { writeRecording } from '../../bench/lib/write-recording';

async function open(text: string): Promise<ReplaySession> {
  return createReplaySession({ recording: text });
}

/** Positions worth comparing: both ends, around snapshots, the middle. */
function positionsOf(replay: ReplaySession): number[] {
  const { total, snapshots } = replay.timeline;
  const every = snapshots.every;
  const wanted = [total, 0, 1, every - 1, every, every + 1, 3 * every + 7, Math.floor(total / 2), total - 1, 5, total];
  return wanted.filter((p) => p >= 0 && p <= total);
}

/** Seeks both replays through the same positions and compares what they show at each. */
function expectSameAtEveryPosition(plain: ReplaySession, keyed: ReplaySession): void {
  expect(keyed.timeline.total).toBe(plain.timeline.total);
  for (const p of positionsOf(plain)) {
    plain.cursor.seek(p);
    keyed.cursor.seek(p);
    expect(visibleState(keyed.session), `position ${p}`).toEqual(visibleState(plain.session));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'runboard-keyframes-'));
// A relavium run with gates, retries, chapters and costs, long enough for 20-odd keyframes.
const diverse = readFileSync(writeRecording(join(dir, 'diverse.jsonl'), 'relavium', buildDiverseSteps(2_000)).path, 'utf8');

describe('a keyframed recording opens as its plain twin does', () => {
  const samples = readdirSync(resolve('public/recordings')).filter((f) => f.endsWith('.jsonl'));

  test.each([...samples, 'diverse'])('%s', async (name) => {
    const text = name === 'diverse' ? diverse : readFileSync(resolve('public/recordings', name), 'utf8');
    const plain = await open(text);
    const keyedText = plain.session.exportRecording();
    expect(keyedText.startsWith(text.endsWith('\n') ? text : `${text}\n`)).toBe(true);
    const keyed = await open(keyedText);
    expect(keyed.problems).toEqual(plain.problems);
    expect(keyed.timeline.plainLines).toBe(plain.timeline.lines.count);
    expect(keyed.timeline.snapshots.length).toBe(plain.timeline.snapshots.length);
    // Exporting again writes keyframes again (of the same snapshots), and those open too.
    const again = await open(keyed.session.exportRecording());
    expect(again.problems).toEqual(plain.problems);
    expect(visibleState(again.session)).toEqual(visibleState(keyed.session));
    expectSameAtEveryPosition(plain, keyed);
  });

  test('the diverse run has keyframes that patch each other (lists that grow, records that change)', async () => {
    const keyedText = (await open(diverse)).session.exportRecording();
    const keyframes = keyedText.split('\n').filter((line) => line.startsWith('{"keyframe":'));
    expect(keyframes.length).toBeGreaterThan(10);
    expect(keyframes.some((line) => line.includes('"a":['))).toBe(true);
    // Far smaller than writing each state whole.
    expect(keyframes.join('\n').length).toBeLessThan(diverse.length);
  });
});

describe('a keyframed recording\'s snapshots between those kept whole', () => {
  test('the last one rebuilt is kept for the next step back, and one rebuilt again equals it', async () => {
    const keyed = await open((await open(diverse)).session.exportRecording());
    const { snapshots } = keyed.timeline;
    // Snapshot 1 lies between whole ones (every 4th is kept whole): it is rebuilt from its patches.
    const first = snapshots.at(1);
    expect(snapshots.at(1)).toBe(first);
    snapshots.at(2);
    const again = snapshots.at(1);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(first?.position).toBe(snapshots.every);
  });
});

describe('keyframes that cannot be trusted are ignored and the frames replay the run', () => {
  const plainPromise = open(diverse);

  async function expectFallback(broken: string, reason: RegExp): Promise<void> {
    const plain = await plainPromise;
    const replay = await open(broken);
    expect(replay.problems).toHaveLength(1);
    expect(replay.problems[0]?.reason).toMatch(reason);
    expect(replay.problems[0]?.reason).toMatch(/replayed from its frames/);
    expect(replay.problems[0]?.keyframes).toBe(true);
    expectSameAtEveryPosition(plain, replay);
  }

  async function keyedLines(): Promise<string[]> {
    const text = (await plainPromise).session.exportRecording();
    return text.slice(0, -1).split('\n');
  }

  test('cut off before the index', async () => {
    const lines = await keyedLines();
    await expectFallback(`${lines.slice(0, -5).join('\n')}\n`, /without a complete index/);
  });

  test('a keyframe line cut in half', async () => {
    const lines = await keyedLines();
    const at = lines.length - 4;
    lines[at] = (lines[at] as string).slice(0, 40);
    await expectFallback(`${lines.join('\n')}\n`, /keyframes ignored \(line \d+: not JSON\)/);
  });

  test('a value of the wrong kind (a node status no protocol has)', async () => {
    const lines = await keyedLines();
    const at = lines.findIndex((line) => line.includes('"status":"running"') && line.startsWith('{"keyframe":'));
    expect(at).toBeGreaterThan(0);
    lines[at] = (lines[at] as string).replace('"status":"running"', '"status":"<img src=x onerror=alert(1)>"');
    await expectFallback(`${lines.join('\n')}\n`, /keyframes ignored \(.*(status|Invalid)/);
  });

  test('a key that would reach the prototype', async () => {
    const lines = await keyedLines();
    const at = lines.findIndex((line) => line.startsWith('{"keyframe":'));
    const keyframe = JSON.parse(lines[at] as string) as { keyframe: Record<string, unknown> };
    lines[at] = JSON.stringify({ keyframe: { ...keyframe.keyframe, byId: { o: { __proto__: { v: { polluted: true } } } } } }).replace('"o":{}', '"o":{"__proto__":{"v":{"polluted":true}}}');
    await expectFallback(`${lines.join('\n')}\n`, /keyframes ignored \(byId: key "__proto__" is not allowed\)/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('well-formed keyframes that disagree with the frames (a log longer than the frames make)', async () => {
    const lines = await keyedLines();
    const at = lines.length - 2;
    const keyframe = JSON.parse(lines[at] as string) as { keyframe: { log: { length: number } } };
    keyframe.keyframe.log.length += 1;
    lines[at] = JSON.stringify(keyframe);
    await expectFallback(`${lines.join('\n')}\n`, /keyframes ignored \(.*(does not (fit|match) the frames)\)/);
  });
});

describe('"Export recording" of a live run', () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await startSimulator({ timeScale: 0.05 });
  });
  afterAll(async () => {
    await sim.close();
  });

  test('downloads its frame log with keyframes, which opens as the plain log does', async () => {
    const { live, text } = await recordRun(sim, DIALECTS.relavium, 'fanout', 'keyframes-live');
    const downloaded = await recordingForDownload(live.session);
    live.close();
    expect(downloaded.startsWith(text)).toBe(true);
    expect(downloaded.trimEnd().split('\n').pop()).toMatch(/^\{"keyframes":/);
    const plain = await open(text);
    const keyed = await open(downloaded);
    expect(keyed.problems).toEqual([]);
    expectSameAtEveryPosition(plain, keyed);
  });
});
