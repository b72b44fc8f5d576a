/**
 * What the scrubber draws and says for a recording's marks, bounded whatever their number.
 *
 * A long run has thousands of marks (the million-frame benchmark recording: 3,134, nearly all gates).
 * Drawn one element each, with a list item each for assistive tech, they were 6,270 elements
 * under the track: the page's first layout at the end of that open took 360 ms of a 880 ms
 * freeze, and the slider's description read out every one of them. A track is a few hundred
 * pixels wide, so marks closer than a bucket (1/TICK_BUCKETS of it) share one tick, in the
 * colour of the most serious kind among them; a kind with more marks than anyone would listen
 * to is described by its count and span, and stepped through with the player's Previous and
 * Next buttons.
 */
import type { ReplayMark, ReplayMarkKind } from '@/features/replay/replay-controller';

/** Ticks across the track at most: about one per 3–4 px at the widths the player gets. */
const TICK_BUCKETS = 300;
/** Marks of one kind listed one by one for assistive tech; more are described by their count. */
const LISTED_PER_KIND = 20;

type ScrubberTick = Readonly<{
  /** The most serious kind in the tick (failure, then gate, then chapter). */
  kind: ReplayMarkKind;
  /** Where the tick's first mark is, 0–100 % of the track. */
  leftPercent: number;
  /** The tooltip: the mark itself, or what the tick gathers. */
  title: string;
}>;

const SEVERITY: Readonly<Record<ReplayMarkKind, number>> = { chapter: 0, gate: 1, failure: 2 };
const KINDS: readonly ReplayMarkKind[] = ['chapter', 'gate', 'failure'];
const PLURAL: Readonly<Record<ReplayMarkKind, string>> = { chapter: 'chapters', gate: 'gates', failure: 'failures' };

/** One line for a single mark: its kind, frame and label. */
function markText(mark: ReplayMark): string {
  return `${mark.kind} at frame ${mark.position}: ${mark.label}`;
}

function counted(count: number, kind: ReplayMarkKind): string {
  return `${count.toLocaleString('en')} ${count === 1 ? kind : PLURAL[kind]}`;
}

type Bucket = { first: ReplayMark; last: ReplayMark; kind: ReplayMarkKind; counts: Record<ReplayMarkKind, number> };

/** The ticks for `marks` (in frame order) on a track from `min` to `total`. */
export function scrubberTicks(marks: readonly ReplayMark[], min: number, total: number): ScrubberTick[] {
  const span = Math.max(1, total - min);
  const buckets = new Map<number, Bucket>();
  for (const mark of marks) {
    const at = Math.min(TICK_BUCKETS - 1, Math.max(0, Math.floor(((mark.position - min) / span) * TICK_BUCKETS)));
    const bucket = buckets.get(at);
    if (!bucket) {
      buckets.set(at, { first: mark, last: mark, kind: mark.kind, counts: { chapter: 0, gate: 0, failure: 0, [mark.kind]: 1 } });
      continue;
    }
    bucket.last = mark;
    bucket.counts[mark.kind] += 1;
    if (SEVERITY[mark.kind] > SEVERITY[bucket.kind]) bucket.kind = mark.kind;
  }
  return [...buckets.values()].map(({ first, last, kind, counts }) => ({
    kind,
    leftPercent: ((first.position - min) / span) * 100,
    title: first === last ? markText(first) : `${KINDS.filter((k) => counts[k] > 0).map((k) => counted(counts[k], k)).join(', ')} from frame ${first.position} to ${last.position}`,
  }));
}

/**
 * What assistive tech hears about the marks: each one while a kind has few, else the kind's
 * count, span and how to step through them.
 */
export function markDescriptions(marks: readonly ReplayMark[]): string[] {
  const out: string[] = [];
  for (const kind of KINDS) {
    const ofKind = marks.filter((mark) => mark.kind === kind);
    if (ofKind.length <= LISTED_PER_KIND) for (const mark of ofKind) out.push(markText(mark));
    else {
      const first = ofKind[0] as ReplayMark;
      const last = ofKind[ofKind.length - 1] as ReplayMark;
      out.push(`${counted(ofKind.length, kind)} from frame ${first.position} to ${last.position}: step through them with Previous ${kind} and Next ${kind}`);
    }
  }
  return out;
}
