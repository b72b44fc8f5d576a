/**
 * The run's canonical event log: append-only, shared by reference, never copied.
 *
 * Why not an array in zustand state: copying 100k events per animation frame would cost
 * more than the rest of ingest. The store keeps only `logLength` (a primitive, so
 * subscribers see a change); views read rows by index. Tokens are coalesced: consecutive
 * `node.output` deltas of one node extend one row (bounded), so 1M tokens do not make
 * 1M rows. `checkpoint`/`restore` let replay seek back to a snapshot.
 */
import type { RunEvent } from '@/protocol/run-event';

export type LogRow = Readonly<{
  event: RunEvent;
  /** Index of the chapter the row belongs to (-1: before any chapter). */
  chapter: number;
  /** Frames merged into this row (tokens coalesce); 1 for every other event. */
  merged: number;
}>;

export type LogCheckpoint = Readonly<{ length: number; tail: LogRow | undefined }>;

const MAX_COALESCED_TEXT = 2_000;

export class EventLog {
  private rows: LogRow[] = [];
  private readonly byNode = new Map<string, number[]>();

  get length(): number {
    return this.rows.length;
  }

  at(index: number): LogRow | undefined {
    return this.rows[index];
  }

  /** Row indices that concern one node, in order (details panel). */
  rowsOfNode(nodeId: string): readonly number[] {
    return this.byNode.get(nodeId) ?? EMPTY;
  }

  append(event: RunEvent, chapter: number): void {
    const last = this.rows[this.rows.length - 1];
    if (event.type === 'node.output' && last?.event.type === 'node.output' && last.event.nodeId === event.nodeId) {
      if (last.event.delta.length < MAX_COALESCED_TEXT) {
        const delta = (last.event.delta + event.delta).slice(0, MAX_COALESCED_TEXT);
        this.rows[this.rows.length - 1] = { event: { ...last.event, delta }, chapter: last.chapter, merged: last.merged + 1 };
        return;
      }
    }
    const nodeId = 'nodeId' in event ? event.nodeId : undefined;
    if (nodeId !== undefined) {
      let list = this.byNode.get(nodeId);
      if (!list) this.byNode.set(nodeId, (list = []));
      list.push(this.rows.length);
    }
    this.rows.push({ event, chapter, merged: 1 });
  }

  /** What `restore` needs to bring the log back to this point (replay snapshots). */
  checkpoint(): LogCheckpoint {
    return { length: this.rows.length, tail: this.rows[this.rows.length - 1] };
  }

  /** Drops rows after a checkpoint and puts back its last row (it may have coalesced more tokens since). */
  restore({ length, tail }: LogCheckpoint): void {
    this.truncate(length);
    if (tail && length > 0) this.rows[length - 1] = tail;
  }

  /**
   * Replay seeking: brings this log to `checkpoint` of `source`, a log fed the same events
   * that went further. Backwards it is `restore`; forwards it copies the missing rows
   * (references) instead of re-applying their events. Rows before a log's tail are final,
   * so both logs agree on them; the tail comes from the checkpoint.
   */
  restoreFrom(source: EventLog, checkpoint: LogCheckpoint): void {
    if (checkpoint.length <= this.rows.length) return this.restore(checkpoint);
    const from = this.rows.length;
    if (from > 0) this.rows[from - 1] = source.rows[from - 1] ?? (this.rows[from - 1] as LogRow);
    for (let index = from; index < checkpoint.length; index++) {
      const row = source.rows[index];
      if (!row) break;
      const nodeId = 'nodeId' in row.event ? row.event.nodeId : undefined;
      if (nodeId !== undefined) {
        let list = this.byNode.get(nodeId);
        if (!list) this.byNode.set(nodeId, (list = []));
        list.push(index);
      }
      this.rows.push(row);
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
