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
import { parseWith } from '@/protocol/derive-reader';
import { applyKeyedPatch, applyPatch, KeyframeInvalid } from '@/protocol/keyframe-patch';
import { KeyframeIndexSchema, KeyframeLineSchema, NodeMapSchema, RunStateSchema, type KeyframeNodeMap, type KeyframeRunState } from '@/protocol/keyframe-schema';
import type { LogCheckpoint } from '@/stores/event-log';
import { NodeMapDraft, nodeMapFrom, nodeRecord, type NodeMap } from '@/stores/node-map';
import type { NodeState } from '@/stores/node-types';
import type { RunState } from '@/stores/run-types';

import type { RecordingLines } from '@/ingest/recording-lines';
import { withOptionalKeys, type ReplaySnapshot, type SnapshotList } from '@/ingest/replay-snapshots';
import { diffState } from '@/ingest/state-diff';

export { KeyframeInvalid };

export type KeyframeIndex = Readonly<{ every: number; count: number; frames: number; firstLine: number }>;

/** The stores a keyframe is a patch on, and what the frames said (its checks). */
export type KeyframeBase = Readonly<{ run: RunState; byId: NodeMap }>;
/**
 * The node states are written as a plain record by id, the form keyframes have always been
 * written in (so every keyframed recording keeps opening). Read, a patch's node states go
 * into a draft of the store's map (node-map.ts) instead: patching a plain record copied
 * all of it once per snapshot kept (a thousand nodes: about a millisecond and 1.4 MB, a
 * quarter of what opening a 100k-frame recording allocated), then made a map of it again.
 */
type PatchState = Readonly<{ run: RunState; nodes: NodeMapDraft }>;
/** What the writer diffs: the node states as that record. */
type RecordState = Readonly<{ run: RunState; byId: NodeRecord }>;
type NodeRecord = Readonly<Record<string, NodeState>>;
export type DecodedFrames = Readonly<{ total: number; every: number; logLength: number; logRevision: number }>;
export type DecodedKeyframes = Readonly<{ snapshots: SnapshotList; end: ReplaySnapshot }>;

const INDEX_PREFIX = '{"keyframes"';
const KEYFRAME_LINE = /^\{\s*"keyframes?"/;

/** A keyframe or index line, by its text alone (before parsing it): a recording's frames end before the first. */
export function looksLikeKeyframeLine(text: string): boolean {
  return KEYFRAME_LINE.test(text);
}

// The schema's types are the stores' own: these fail to compile when the two drift apart.
const asRunState = (state: KeyframeRunState): RunState => state;
const asNodeRecord = (byId: KeyframeNodeMap): NodeRecord => byId;
const asNodeState = (state: KeyframeNodeMap[string]): NodeState => state;

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

/**
 * Snapshots kept whole: every CAPTURE_EVERY-th keyframe; a seek builds the ones between from their lines.
 * Measured (benchmark 5): with 16, a seek in a million-frame diverse run rebuilt up to 15 patches of
 * ~4,000 frames each and its p95 doubled; with 4 it matches the plain recording's.
 */
const CAPTURE_EVERY = 4;

type Lines = Readonly<{ lines: RecordingLines; firstLine: number }>;

/**
 * Applies keyframe line `i`'s patches to a state: the run's changing in place what `owned`
 * holds (keyframe-patch.ts), the node states' written into the state's draft.
 */
function applyLine({ lines, firstLine }: Lines, i: number, state: PatchState, owned: Set<object>) {
  const keyframe = parseKeyframe(lines.line(firstLine + i), firstLine + i + 1);
  const run = keyframe.run === undefined ? state.run : asRunState(applyPatch(state.run, keyframe.run, RunStateSchema, 'run', owned) as KeyframeRunState);
  const nodes = keyframe.byId === undefined ? state.nodes : patchNodes(state.nodes, keyframe.byId);
  return { keyframe, state: { run, nodes } };
}

/**
 * A node-state patch written into the draft, each changed node's state patched on its own.
 * Any other (the node states whole, or a removal, which their schema refuses) is applied to
 * the whole record, and the draft starts again on the map made of it.
 */
function patchNodes(draft: NodeMapDraft, patch: unknown): NodeMapDraft {
  const put = (id: string, state: unknown) => draft.put(id, asNodeState(state as KeyframeNodeMap[string]));
  if (applyKeyedPatch(patch, NodeMapSchema, 'byId', (id) => draft.get(id), put)) return draft;
  const nodes = draft.finish();
  const record = asNodeRecord(applyPatch(nodeRecord(nodes), patch, NodeMapSchema, 'byId') as KeyframeNodeMap);
  return new NodeMapDraft(nodeMapFrom(record, nodes));
}

/**
 * A keyframed recording's snapshots. Why not all 256 whole, as a plain recording's: each
 * would copy the run's big records (nodes, gates, costs by node) once more; kept whole are
 * every 4th, and a seek rebuilds one between them from its lines (at most 3 patches on
 * one copy). The lines were checked when the recording
 * opened, and the bytes do not change, so rebuilding gives what was checked.
 */
class KeyframeSnapshots implements SnapshotList {
  constructor(
    readonly every: number,
    private readonly source: Lines,
    private readonly whole: readonly ReplaySnapshot[],
    private readonly checkpoints: readonly LogCheckpoint[],
  ) {}

  get length(): number {
    return this.checkpoints.length;
  }

  /**
   * The last snapshot rebuilt, kept: stepping back frame by frame (or dragging back slowly)
   * restores the same one each step, and rebuilding it was the step's biggest part (1.3 ms
   * p50 at 100k frames, 13.5 ms at a million). Snapshots are never changed once made.
   */
  private rebuilt: { index: number; snapshot: ReplaySnapshot } | undefined;

  at(index: number): ReplaySnapshot | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    const from = Math.floor(index / CAPTURE_EVERY) * CAPTURE_EVERY;
    const start = this.whole[from / CAPTURE_EVERY] as ReplaySnapshot;
    if (from === index) return start;
    if (this.rebuilt?.index === index) return this.rebuilt.snapshot;
    let state: PatchState = { run: start.run, nodes: new NodeMapDraft(start.byId) };
    const owned = new Set<object>();
    for (let i = from + 1; i <= index; i++) state = applyLine(this.source, i, state, owned).state;
    const snapshot = { position: index * this.every, run: withOptionalKeys(state.run), byId: state.nodes.finish(), checkpoint: this.checkpoints[index] as LogCheckpoint };
    this.rebuilt = { index, snapshot };
    return snapshot;
  }
}

/** Gives the page its turns during a long loop (lib/yield-to-page.ts). */
export type Slicer = Readonly<{ due: () => boolean; yield: () => Promise<void> }>;

/** The keyframes as snapshots, and the end, read in slices; throws KeyframeInvalid when one does not fit. */
export async function decodeKeyframes(lines: RecordingLines, index: KeyframeIndex, base: KeyframeBase, frames: DecodedFrames, slice: Slicer): Promise<DecodedKeyframes> {
  const expected = Math.floor(frames.total / frames.every) + 2;
  if (index.every !== frames.every || index.frames !== frames.total || index.count !== expected) throw new KeyframeInvalid('the index does not match the frames');
  const source = { lines, firstLine: index.firstLine };
  const whole: ReplaySnapshot[] = [];
  const checkpoints: LogCheckpoint[] = [];
  let state: PatchState = { run: base.run, nodes: new NodeMapDraft(base.byId) };
  let owned = new Set<object>();
  for (let i = 0; i < index.count; i++) {
    const applied = applyLine(source, i, state, owned);
    const { keyframe } = applied;
    state = applied.state;
    const position = i === index.count - 1 ? frames.total : i * frames.every;
    if (keyframe.position !== position || keyframe.log.length > frames.logLength) throw new KeyframeInvalid(`line ${index.firstLine + i + 1}: keyframe does not fit the frames`);
    checkpoints.push(keyframe.log as LogCheckpoint);
    if (i % CAPTURE_EVERY === 0 || i === index.count - 1) {
      const nodes = state.nodes.finish();
      whole.push({ position, run: withOptionalKeys(state.run), byId: nodes, checkpoint: keyframe.log as LogCheckpoint });
      // What this snapshot holds is never changed again: the next patch copies what it touches.
      owned = new Set();
      state = { run: state.run, nodes: new NodeMapDraft(nodes) };
    }
    // Measured in Chromium: 257 keyframes of a 100k-frame run read in one go were a 584 ms task.
    if (slice.due()) await slice.yield();
  }
  // The last keyframe is the end, not a snapshot a seek restores.
  const end = whole.pop() as ReplaySnapshot;
  checkpoints.pop();
  if (end.checkpoint.length !== frames.logLength || end.checkpoint.revision !== frames.logRevision) throw new KeyframeInvalid('the last keyframe does not match the frames');
  return { snapshots: new KeyframeSnapshots(frames.every, source, whole, checkpoints), end };
}

/**
 * A keyframe line's shape, read by a reader derived from its schema (derive-reader.ts; zod
 * only says why one does not fit): it skips zod's per-parse work, a copy of every open log
 * row's event among it. With the patches' values read the same way (keyframe-patch.ts), the
 * keyframes of a 100k-frame recording read in 0.85× the CPU (bench/keyframe-decode.ts).
 */
const parseKeyframeLine = parseWith(KeyframeLineSchema);

function parseKeyframe(text: string, lineNumber: number) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyframeInvalid(`line ${lineNumber}: not JSON`);
  }
  const result = parseKeyframeLine(value);
  if (!result.success) throw new KeyframeInvalid(`line ${lineNumber}: not a keyframe (${result.error.issues[0]?.path.join('.') ?? ''})`);
  return result.data.keyframe;
}

/** The keyframe lines and the index for these snapshots (the last one: the end), to follow `firstLine` plain lines. */
export function encodeKeyframes(snapshots: readonly ReplaySnapshot[], base: KeyframeBase, every: number, firstLine: number): string {
  const out: string[] = [];
  let prev: RecordState = { run: base.run, byId: nodeRecord(base.byId) };
  let prevNodes = base.byId;
  for (const snapshot of snapshots) {
    const next: RecordState = { run: snapshot.run, byId: snapshot.byId === prevNodes ? prev.byId : nodeRecord(snapshot.byId) };
    prevNodes = snapshot.byId;
    const run = diffState(prev.run, next.run);
    const byId = diffState(prev.byId, next.byId);
    out.push(JSON.stringify({ keyframe: { position: snapshot.position, ...(run ? { run } : {}), ...(byId ? { byId } : {}), log: snapshot.checkpoint } }));
    prev = next;
  }
  const frames = snapshots[snapshots.length - 1]?.position ?? 0;
  out.push(JSON.stringify({ keyframes: { version: 1, every, count: snapshots.length, frames, firstLine } }));
  return `${out.join('\n')}\n`;
}
