/**
 * The run's canonical event log: append-only, shared by reference, never copied.
 *
 * Why not an array in zustand state: copying 100k events per animation frame would cost
 * more than the rest of ingest. The store keeps only `logLength` (a primitive, so
 * subscribers see a change); views read rows by index. Streams are coalesced per node:
 * a node's `node.output` deltas extend its open text row (bounded), and its `node.progress`
 * updates replace its open progress row (the newest message, the first time), even while
 * other nodes interleave theirs — so 1M tokens over 20 nodes do not make 1M rows, and a
 * dialect that streams as progress (tolky's narration: the text so far, once per
 * fragment; heartbeats) makes one row per node, not one per fragment. Any other event of
 * that node closes its open row. A merge replaces the row object (rows are immutable) and
 * bumps `revision`, so views re-render exactly the rows whose object changed.
 * `checkpoint`/`restore` let replay seek back to a snapshot: a checkpoint keeps the open
 * text rows as they were, since they are the only rows that change after being written.
 *
 * Bounded for live sessions (`maxRows`): past the bound the OLDEST rows are dropped, in
 * chunks so each drop is amortised O(1). Row indices stay absolute — `at(i)` for a kept
 * row answers the same row as before, `firstRow` is the first index still kept and
 * `length` counts every row ever written — so chapters, gates and cost points that name
 * a row keep working; a dropped row reads as undefined. Replay keeps its logs unbounded
 * (checkpoints address every row).
 */
import type { RunEvent, RunEventOf, StreamedText } from '@/protocol/run-event';

export type LogRow = Readonly<{
  event: RunEvent;
  /** Index of the chapter the row belongs to (-1: before any chapter). */
  chapter: number;
  /** Frames merged into this row (tokens coalesce); 1 for every other event. */
  merged: number;
}>;

export type LogCheckpoint = Readonly<{
  length: number;
  revision: number;
  /** Open text rows at that point: node id → [row index, row as it was]. */
  open: readonly (readonly [string, number, LogRow])[];
}>;

const MAX_COALESCED_TEXT = 2_000;
/** Event types a node streams: consecutive ones of a node share one row. */
const COALESCED: ReadonlySet<RunEvent['type']> = new Set(['node.output', 'node.progress']);
/**
 * Rows a live session keeps: at most ~100k rows of at most 2 kB of text each. Measured
 * (benchmark 6): with coalesced tokens 1M events make ~250k rows, so this bound is what
 * keeps the heap flat in an hours-long run.
 */
export const LIVE_LOG_MAX_ROWS = 100_000;

export class EventLog {
  private rows: LogRow[] = [];
  /** Absolute index of rows[0]: how many of the oldest rows were dropped. */
  private offset = 0;
  private readonly byNode = new Map<string, number[]>();
  /** Each streaming node's open row: a text row or a progress row (see COALESCED). */
  private openText = new Map<string, number>();
  /** Text rows grown during the current `appendAll`: row index → text and merge count so far. */
  private readonly merging = new Map<number, { text: string; merged: number; mark: StreamedText | undefined }>();
  /** Progress rows updated during the current `appendAll`: row index → newest event, the row's time before it, merges. */
  private readonly progressing = new Map<number, { event: RunEvent; at: number | undefined; merged: number }>();
  /** Events appended so far (rows plus merges): changes on every append or merge. */
  revision = 0;

  constructor(private readonly maxRows = Number.POSITIVE_INFINITY) {}

  /** Every row ever written (absolute: the next row's index). */
  get length(): number {
    return this.offset + this.rows.length;
  }

  /** The first row still kept; rows before it were dropped to stay within `maxRows`. */
  get firstRow(): number {
    return this.offset;
  }

  at(index: number): LogRow | undefined {
    return index < this.offset ? undefined : this.rows[index - this.offset];
  }

  /** Row indices that concern one node, in order (details panel). */
  rowsOfNode(nodeId: string): readonly number[] {
    return this.byNode.get(nodeId) ?? EMPTY;
  }

  /** Appends one event (or merges a token into its node's open text row); returns the row it is in. */
  append(event: RunEvent, chapter: number): number {
    return this.appendAll([event], chapter)[0] as number;
  }

  /**
   * Appends a batch of events under the chapter open at each point; returns the row of each.
   * A `chapter.started` row itself still belongs to the chapter before it, the rows after it
   * to the new one. Tokens merged into a text row are written once per row per batch
   * (`commitMerges`): a batch holds dozens of tokens per streaming node, and each merge would
   * otherwise copy the row and its event.
   */
  appendAll(events: readonly RunEvent[], chapter: number): number[] {
    const rows = new Array<number>(events.length);
    let open = chapter;
    for (let i = 0; i < events.length; i++) {
      const event = events[i] as RunEvent;
      rows[i] = this.place(event, open);
      if (event.type === 'chapter.started') open += 1;
    }
    this.commitMerges();
    return rows;
  }

  private place(event: RunEvent, chapter: number): number {
    this.revision += 1;
    const nodeId = 'nodeId' in event ? event.nodeId : undefined;
    if (nodeId !== undefined && COALESCED.has(event.type)) {
      const merged = this.merge(nodeId, event);
      if (merged !== undefined) return merged;
    }
    if (nodeId !== undefined) {
      let list = this.byNode.get(nodeId);
      if (!list) this.byNode.set(nodeId, (list = []));
      list.push(this.length);
      if (COALESCED.has(event.type)) this.openText.set(nodeId, this.length);
      else this.openText.delete(nodeId);
    }
    const row = this.length;
    this.rows.push({ event, chapter, merged: 1 });
    if (this.rows.length > this.maxRows) this.dropOldest(Math.max(1, Math.ceil(this.maxRows / 8)));
    return row;
  }

  /** Drops `count` of the oldest rows (a chunk, so the array copy is amortised). */
  private dropOldest(count: number): void {
    this.rows.splice(0, count);
    this.offset += count;
    const first = this.offset;
    for (const [nodeId, list] of this.byNode) {
      let cut = 0;
      while (cut < list.length && (list[cut] ?? 0) < first) cut++;
      if (cut === list.length) this.byNode.delete(nodeId);
      else if (cut > 0) list.splice(0, cut);
    }
    for (const [nodeId, index] of this.openText) if (index < first) this.openText.delete(nodeId);
  }

  /**
   * Merges into the node's open row of the same type and returns its index; undefined when
   * there is none. Text extends it (in `merging` until the batch ends; undefined once it is
   * full); progress replaces it and keeps the row's first time.
   */
  private merge(nodeId: string, event: RunEvent): number | undefined {
    const index = this.openText.get(nodeId);
    const row = index === undefined ? undefined : this.at(index);
    if (index === undefined || !row || row.event.type !== event.type) return undefined;
    if (event.type === 'node.output' && row.event.type === 'node.output') return this.mergeText(index, row, event);
    // Written once per row per batch (`commitMerges`), like text: tolky narrates a fragment per frame.
    const pending = this.progressing.get(index);
    const rowAt = pending ? (pending.at ?? pending.event.atMs) : row.event.atMs;
    if (pending) {
      pending.event = event;
      pending.at = rowAt;
      pending.merged += 1;
    } else {
      this.progressing.set(index, { event, at: rowAt, merged: row.merged + 1 });
    }
    return index;
  }

  /**
   * A delta extends the row's text; a whole text (`text: 'whole'`) replaces the preview the
   * row holds, so the timeline shows what the node really said. The row keeps the strongest
   * `text` mark it met: partial over preview, whole over both.
   */
  private mergeText(index: number, row: LogRow, event: RunEventOf<'node.output'>): number | undefined {
    const rowEvent = row.event as RunEventOf<'node.output'>;
    const pending = this.merging.get(index);
    const text = pending ? pending.text : rowEvent.delta;
    const whole = event.text === 'whole';
    if (text.length >= MAX_COALESCED_TEXT && !whole) return undefined;
    const merged = (whole ? event.delta : text + event.delta).slice(0, MAX_COALESCED_TEXT);
    const mark = strongerMark(pending ? pending.mark : rowEvent.text, event.text);
    if (pending) {
      pending.text = merged;
      pending.merged += 1;
      pending.mark = mark;
    } else {
      this.merging.set(index, { text: merged, merged: row.merged + 1, mark });
    }
    return index;
  }

  /** Writes each row the batch grew as one new row object (rows are immutable: views compare them). */
  private commitMerges(): void {
    for (const [index, { event, at, merged }] of this.progressing) {
      const row = this.at(index);
      // The newest update, with the row's first time; a row the bound dropped during the batch stays dropped.
      if (row) this.rows[index - this.offset] = { event: at === undefined ? event : copyWith(event, 'atMs', at), chapter: row.chapter, merged };
    }
    this.progressing.clear();
    for (const [index, { text, merged, mark }] of this.merging) {
      const row = this.at(index);
      // A row the bound dropped during the batch stays dropped.
      if (row?.event.type !== 'node.output') continue;
      const event = copyWith(row.event, 'delta', text);
      if (mark !== undefined) event.text = mark;
      this.rows[index - this.offset] = { event, chapter: row.chapter, merged };
    }
    this.merging.clear();
  }

  /** What `restore` needs to bring the log back to this point (replay snapshots). */
  checkpoint(): LogCheckpoint {
    const open: (readonly [string, number, LogRow])[] = [];
    for (const [nodeId, index] of this.openText) {
      const row = this.at(index);
      if (row) open.push([nodeId, index, row]);
    }
    return { length: this.length, revision: this.revision, open };
  }

  /** Drops rows after a checkpoint and puts its open text rows back as they were. */
  restore({ length, revision, open }: LogCheckpoint): void {
    this.truncate(length);
    this.openText = new Map();
    for (const [nodeId, index, row] of open) {
      this.rows[index] = row;
      this.openText.set(nodeId, index);
    }
    this.revision = revision;
  }

  /**
   * Replay seeking: brings this log to `checkpoint` of `source`, a log fed the same events
   * that went further. Backwards it is `restore`; forwards it appends the source's rows and
   * node indices it lacks, up to the checkpoint (a row not open at a checkpoint is final, so
   * both logs agree on it; open rows come from the checkpoint). Why appending and not a
   * copy of the whole prefix: a seek then costs the distance moved, not the position — a
   * copy of 750k rows per seek, and the array regrown on the next append, was most of a
   * seek in a million-frame replay. Replay logs are unbounded (nothing dropped), so indices
   * are array positions in both.
   */
  restoreFrom(source: EventLog, checkpoint: LogCheckpoint): void {
    if (checkpoint.length <= this.rows.length) return this.restore(checkpoint);
    const length = Math.min(checkpoint.length, source.rows.length);
    // Rows still open here may have grown in `source`: take its version (restore fixes those open at the checkpoint).
    for (const index of this.openText.values()) {
      const row = source.rows[index];
      if (row) this.rows[index] = row;
    }
    for (let index = this.rows.length; index < length; index++) this.rows.push(source.rows[index] as LogRow);
    for (const [nodeId, list] of source.byNode) {
      let mine = this.byNode.get(nodeId);
      for (let i = mine?.length ?? 0; i < list.length && (list[i] ?? length) < length; i++) {
        if (!mine) this.byNode.set(nodeId, (mine = []));
        mine.push(list[i] as number);
      }
    }
    this.restore(checkpoint);
  }

  private truncate(length: number): void {
    if (length >= this.rows.length) return;
    this.rows.length = length;
    for (const [nodeId, list] of this.byNode) {
      let keep = list.length;
      while (keep > 0 && (list[keep - 1] ?? 0) >= length) keep--;
      if (keep === 0) this.byNode.delete(nodeId);
      else list.length = keep;
    }
  }
}

const EMPTY: readonly number[] = [];

/**
 * `{...event, [key]: value}`, key by key. Why not the spread: events of every shape pass here,
 * so the spread takes V8's slow generic path, and it ran for every streaming node in every
 * batch (text rows) and for every narration fragment (progress rows). Same keys, same order.
 */
function copyWith<E extends RunEvent, K extends keyof E>(event: E, key: K, value: E[K]): Mutable<E> {
  // Begun with the two keys every such event opens with, so each copy starts on one shape.
  const out: Record<string, unknown> = { type: event.type, nodeId: (event as { nodeId?: unknown }).nodeId };
  for (const name in event) out[name] = event[name];
  out[key as string] = value;
  return out as Mutable<E>;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const MARK_RANK: Record<StreamedText, number> = { preview: 0, partial: 1, whole: 2 };

function strongerMark(a: StreamedText | undefined, b: StreamedText | undefined): StreamedText | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return MARK_RANK[b] >= MARK_RANK[a] ? b : a;
}

