/**
 * Two step outputs diffed as text, by jsdiff (`diff`), which ships only in the compare
 * screen's chunk. Lines first; a changed pair of lines is refined into words, so one changed
 * word in a paragraph is not a whole paragraph removed and added. Bounded: each side is cut
 * at OUTPUT_DIFF_CHARS, and jsdiff gives up past MAX_EDITS edits (said, never a frozen page).
 * Pure; guarded by output-diff.test.ts.
 */
import { diffLines, diffWordsWithSpace, type ChangeObject } from 'diff';

export const OUTPUT_DIFF_CHARS = 20_000;
/** Past this many edits the outputs are called different and shown whole, one above the other. */
export const MAX_EDITS = 300;

export type DiffPart = Readonly<{ kind: 'same' | 'added' | 'removed'; text: string }>;

export type OutputDiff = Readonly<{
  /** In order; each part's text is the producer's, to be shown as text. */
  parts: readonly DiffPart[];
  addedLines: number;
  removedLines: number;
  /** A side was longer than OUTPUT_DIFF_CHARS: only its start was compared. */
  cut: boolean;
  /** Too different to diff within MAX_EDITS: `parts` is A removed then B added. */
  gaveUp: boolean;
}>;

export type DiffSummary = Readonly<{ addedLines: number; removedLines: number; gaveUp: boolean }>;

const bounded = (text: string) => (text.length > OUTPUT_DIFF_CHARS ? text.slice(0, OUTPUT_DIFF_CHARS) : text);

/** Added and removed line counts only (the compare table's "+3 −1"). */
export function summarizeOutputDiff(a: string, b: string): DiffSummary {
  if (a === b) return { addedLines: 0, removedLines: 0, gaveUp: false };
  const changes = diffLines(bounded(a), bounded(b), { maxEditLength: MAX_EDITS });
  if (!changes) return { addedLines: lineCount(b), removedLines: lineCount(a), gaveUp: true };
  return countLines(changes);
}

export function diffOutputs(a: string, b: string): OutputDiff {
  const cut = a.length > OUTPUT_DIFF_CHARS || b.length > OUTPUT_DIFF_CHARS;
  const changes = a === b ? [{ value: a, added: false, removed: false, count: 1 }] : diffLines(bounded(a), bounded(b), { maxEditLength: MAX_EDITS });
  if (!changes) {
    const parts: DiffPart[] = [{ kind: 'removed', text: bounded(a) }, { kind: 'added', text: bounded(b) }];
    return { parts, addedLines: lineCount(b), removedLines: lineCount(a), cut, gaveUp: true };
  }
  return { parts: refineWords(changes), ...countLines(changes), cut, gaveUp: false };
}

/** A removal followed by an addition is one change of those lines: shown word by word. */
function refineWords(changes: readonly ChangeObject<string>[]): DiffPart[] {
  const parts: DiffPart[] = [];
  for (let k = 0; k < changes.length; k++) {
    const change = changes[k] as ChangeObject<string>;
    const next = changes[k + 1];
    if (change.removed && next?.added) {
      const words = diffWordsWithSpace(change.value, next.value, { maxEditLength: MAX_EDITS });
      if (words && mostlySame(words)) {
        for (const w of words) parts.push({ kind: kindOf(w), text: w.value });
        k += 1;
        continue;
      }
    }
    parts.push({ kind: kindOf(change), text: change.value });
  }
  return merge(parts);
}

/** Word-by-word only helps when most of the text stayed: interleaved fragments of two different sentences read worse than the two lines. */
function mostlySame(words: readonly ChangeObject<string>[]): boolean {
  let same = 0;
  let changed = 0;
  for (const w of words) {
    if (w.added || w.removed) changed += w.value.length;
    else same += w.value.trim() === '' ? 0 : w.value.length;
  }
  return same >= changed;
}

/** Neighbouring parts of one kind joined (fewer elements on screen). */
function merge(parts: readonly DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (last && last.kind === part.kind) out[out.length - 1] = { kind: part.kind, text: last.text + part.text };
    else if (part.text !== '') out.push(part);
  }
  return out;
}

const kindOf = (c: ChangeObject<string>): DiffPart['kind'] => (c.added ? 'added' : c.removed ? 'removed' : 'same');

function countLines(changes: readonly ChangeObject<string>[]): { addedLines: number; removedLines: number; gaveUp: false } {
  let addedLines = 0;
  let removedLines = 0;
  for (const c of changes) {
    if (c.added) addedLines += c.count;
    else if (c.removed) removedLines += c.count;
  }
  return { addedLines, removedLines, gaveUp: false };
}

function lineCount(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return text.endsWith('\n') ? n - 1 : n;
}
