/**
 * Keyframed recordings: a plain recording (its lines unchanged, so any reader of the
 * format still reads every frame) followed by one keyframe line per replay snapshot, one
 * for the end, and an index as the last line:
 *
 *   {"keyframe": {"position": P, "run": patch, "byId": patch, "log": checkpoint}}   × count
 *   {"keyframes": {"version": 1, "every": E, "count": n, "frames": F, "firstLine": L}}
 *
 * Each keyframe is a patch on the one before (state-diff.ts; the first on the empty
 * stores), so the file grows by what changed, not by 256 whole states. Opening one still
 * decodes every frame through ingest (the frames stay the truth; the timeline and seeks
 * need their events), but skips re-running the reducers and capturing the snapshots: the
 * keyframes are those snapshots. A keyframe is data from a file: its values are checked
 * against the stores' schemas (protocol/keyframe-patch.ts), its positions and log
 * checkpoints against the frames just decoded, and any mismatch throws KeyframeInvalid so
 * the caller replays the frames instead.
 */
import { applyPatch, KeyframeInvalid } from '@/protocol/keyframe-patch';
import { KeyframeIndexSchema, KeyframeLineSchema, NodeMapSchema, RunStateSchema, type KeyframeNodeMap, type KeyframeRunState } from '@/protocol/keyframe-schema';
import type { LogCheckpoint } from '@/stores/event-log';
import type { NodeMap } from '@/stores/reduce-node-status';
import type { RunState } from '@/stores/run-types';

import type { RecordingLines } from '@/ingest/recording-lines';
import { withOptionalKeys, type ReplaySnapshot } from '@/ingest/replay-snapshots';
import { diffState } from '@/ingest/state-diff';

export { KeyframeInvalid };

export type KeyframeIndex = Readonly<{ every: number; count: number; frames: number; firstLine: number }>;

/** The stores a keyframe is a patch on, and what the frames said (its checks). */
export type KeyframeBase = Readonly<{ run: RunState; byId: NodeMap }>;
export type DecodedFrames = Readonly<{ total: number; every: number; logLength: number; logRevision: number }>;
export type DecodedKeyframes = Readonly<{ snapshots: readonly ReplaySnapshot[]; end: ReplaySnapshot }>;

const INDEX_PREFIX = '{"keyframes"';

// The schema's types are the stores' own: these fail to compile when the two drift apart.
const asRunState = (state: KeyframeRunState): RunState => state;
const asNodeMap = (byId: KeyframeNodeMap): NodeMap => byId;

/** The index on the last line, when it is there and fits the file; undefined for a plain (or cut off) recording. */
export function readKeyframeIndex(lines: RecordingLines): KeyframeIndex | undefined {
  if (lines.count < 3) return undefined;
  const last = lines.line(lines.count - 1);
  if (!last.startsWith(INDEX_PREFIX)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(last);
  } catch {
    return undefined;
  }
  const result = KeyframeIndexSchema.safeParse(parsed);
  if (!result.success) return undefined;
  const index = result.data.keyframes;
  return index.firstLine + index.count === lines.count - 1 ? index : undefined;
}

/** The keyframes as snapshots (the last one: the end); throws KeyframeInvalid when one does not fit. */
export function decodeKeyframes(lines: RecordingLines, index: KeyframeIndex, base: KeyframeBase, frames: DecodedFrames): DecodedKeyframes {
  const expected = Math.floor(frames.total / frames.every) + 2;
  if (index.every !== frames.every || index.frames !== frames.total || index.count !== expected) throw new KeyframeInvalid('the index does not match the frames');
  const snapshots: ReplaySnapshot[] = [];
  let run = base.run;
  let byId = base.byId;
  for (let i = 0; i < index.count; i++) {
    const line = index.firstLine + i;
    const keyframe = parseKeyframe(lines.line(line), line + 1);
    const position = i === index.count - 1 ? frames.total : i * frames.every;
    if (keyframe.position !== position || keyframe.log.length > frames.logLength) throw new KeyframeInvalid(`line ${line + 1}: keyframe does not fit the frames`);
    if (keyframe.run !== undefined) run = withOptionalKeys(asRunState(applyPatch(run, keyframe.run, RunStateSchema, 'run') as KeyframeRunState));
    if (keyframe.byId !== undefined) byId = asNodeMap(applyPatch(byId, keyframe.byId, NodeMapSchema, 'byId') as KeyframeNodeMap);
    snapshots.push({ position, run, byId, checkpoint: keyframe.log as LogCheckpoint });
  }
  const end = snapshots.pop() as ReplaySnapshot;
  if (end.checkpoint.length !== frames.logLength || end.checkpoint.revision !== frames.logRevision) throw new KeyframeInvalid('the last keyframe does not match the frames');
  return { snapshots, end };
}

function parseKeyframe(text: string, lineNumber: number) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyframeInvalid(`line ${lineNumber}: not JSON`);
  }
  const result = KeyframeLineSchema.safeParse(value);
  if (!result.success) throw new KeyframeInvalid(`line ${lineNumber}: not a keyframe (${result.error.issues[0]?.path.join('.') ?? ''})`);
  return result.data.keyframe;
}

/** The keyframe lines and the index for these snapshots (the last one: the end), to follow `firstLine` plain lines. */
export function encodeKeyframes(snapshots: readonly ReplaySnapshot[], base: KeyframeBase, every: number, firstLine: number): string {
  const out: string[] = [];
  let prev: KeyframeBase = base;
  for (const snapshot of snapshots) {
    const run = diffState(prev.run, snapshot.run);
    const byId = diffState(prev.byId, snapshot.byId);
    out.push(JSON.stringify({ keyframe: { position: snapshot.position, ...(run ? { run } : {}), ...(byId ? { byId } : {}), log: snapshot.checkpoint } }));
    prev = snapshot;
  }
  const frames = snapshots[snapshots.length - 1]?.position ?? 0;
  out.push(JSON.stringify({ keyframes: { version: 1, every, count: snapshots.length, frames, firstLine } }));
  return `${out.join('\n')}\n`;
}
