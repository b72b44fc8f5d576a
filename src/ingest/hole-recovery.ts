/**
 * Hole recovery, the one state machine for holes in the stream: what ingest does about them,
 * carried out from the dialect's `recovery` data (the `Recovery` type in protocol/dialect.ts),
 * never from protocol ids. What a dropped connection does is the connection policy beside it
 * (connection-policy.ts).
 *
 *   hole opened   ─▶ row "Gap: … missing; refilling" + the dialect's refill (resume the
 *                    stream from the cursor before the hole, and/or its refill commands)
 *   hole filled   ─▶ row "Gap: … filled by <replay | history | snapshot | resumed stream | late frame>"
 *   hole unfilled ─▶ 'snapshot': row + the dialect's snapshot commands (state, not events);
 *                    'accept': one row saying those events are no longer available. Never
 *                    retried: a server that keeps no copy cannot be asked again and again.
 *   hole skipped  ─▶ (holes are normal for the protocol) counted for diagnostics, no row.
 *
 * Pure: it turns sequencer reports into timeline rows and actions; the session performs the
 * actions. Guarded by create-ingest.test.ts and the seeded fault runs (tests/faults).
 */
import type { AnswerKind, Dialect, OutboundCommand } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';

import type { Hole, SequencerOutput } from '@/ingest/sequencer';

export type RecoveryAction =
  /** Reopen the stream from the cursor (SSE Last-Event-ID): how a resumable stream refills a hole. */
  | Readonly<{ kind: 'resume-stream'; reason: string }>
  | Readonly<{ kind: 'send'; commands: OutboundCommand[]; purpose: 'refill' | 'snapshot' }>;

export type HoleResponse = Readonly<{ rows: RunEvent[]; actions: RecoveryAction[]; gaps: number; holes: number }>;

type FillSource = AnswerKind | 'resumed stream' | 'late frame';

const NOTHING: HoleResponse = { rows: [], actions: [], gaps: 0, holes: 0 };

type Collected = { rows: RunEvent[]; actions: RecoveryAction[] };

export class HoleRecovery {
  /** What answered since the hole opened: the most telling source names the fill. */
  private answered: AnswerKind | undefined;
  private reconnected = false;

  constructor(
    private readonly dialect: Dialect,
    private readonly runId: string,
  ) {}

  /** A located frame answered a request (replay, history page, snapshot). */
  noteAnswer(kind: AnswerKind): void {
    this.answered = kind;
  }

  noteReconnect(): void {
    this.reconnected = true;
  }

  /** Rows and actions in response to what the sequencer just reported. */
  respond(out: SequencerOutput<unknown>, cursor: string | undefined): HoleResponse {
    // The common case, once per frame: nothing happened to the order.
    if (out.filled.length === 0 && out.opened.length === 0 && out.unfilled.length === 0 && out.skipped.length === 0) return NOTHING;
    const result: Collected = { rows: [], actions: [] };
    for (const hole of out.filled) result.rows.push(row('info', `Gap: ${span(hole)} filled by ${this.fillSource()}`));
    for (const hole of out.opened) this.onOpened(hole, cursor, result);
    for (const hole of out.unfilled) this.onUnfilled(hole, result);
    let holes = 0;
    for (const hole of out.skipped) holes += hole.missing;
    return { ...result, gaps: out.opened.length, holes };
  }

  private fillSource(): FillSource {
    return this.answered ?? (this.reconnected ? 'resumed stream' : 'late frame');
  }

  private onOpened(hole: Hole, cursor: string | undefined, out: Collected): void {
    this.answered = undefined;
    this.reconnected = false;
    const { refill } = this.dialect.recovery;
    const how: string[] = [];
    // With no cursor the hole is at the start of the stream: resuming would only repeat it.
    if (refill.includes('resume-stream') && cursor !== undefined) {
      out.actions.push({ kind: 'resume-stream', reason: `resuming the stream from before ${span(hole)}` });
      how.push('resuming the stream');
    }
    const commands = refill.includes('commands') ? (this.dialect.refill?.(this.runId, cursor) ?? []) : [];
    if (commands.length > 0) {
      out.actions.push({ kind: 'send', commands, purpose: 'refill' });
      how.push('asking the backend for them');
    }
    out.rows.push(row('warn', `Gap: ${span(hole)} missing; ${how.length > 0 ? how.join(' and ') : 'waiting for them'}`));
  }

  private onUnfilled(hole: Hole, out: Collected): void {
    const commands = this.dialect.recovery.unfilled === 'snapshot' ? (this.dialect.snapshot?.(this.runId) ?? []) : [];
    if (commands.length > 0) {
      out.actions.push({ kind: 'send', commands, purpose: 'snapshot' });
      out.rows.push(row('warn', `Gap: ${span(hole)} not refilled in time; restoring the run's state from a snapshot`));
      return;
    }
    const why = this.dialect.recovery.unfilledReason ?? 'the backend no longer holds them';
    out.rows.push(row('warn', `${capitalise(span(hole))} ${hole.missing === 1 ? 'is' : 'are'} no longer available: ${why}`));
  }
}

export function createHoleRecovery(dialect: Dialect, runId: string): HoleRecovery {
  return new HoleRecovery(dialect, runId);
}

/** "event #4", "events #4–#9", or "12 events between #4 and #40" when the run has gaps inside. */
export function span(hole: Hole): string {
  if (hole.fromSeq === hole.toSeq) return `event #${hole.fromSeq}`;
  const count = hole.toSeq - hole.fromSeq + 1;
  if (hole.missing === count) return `events #${hole.fromSeq}–#${hole.toSeq}`;
  return `${hole.missing} event${hole.missing === 1 ? '' : 's'} between #${hole.fromSeq} and #${hole.toSeq}`;
}

function row(level: 'info' | 'warn', message: string): RunEvent {
  return { type: 'log', level, source: 'runboard', message };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
