/**
 * The commands of one live session: each recorded (secrets removed by the frame log), read
 * by interpreters that read their own commands, then sent exactly once; a person's command
 * also leaves an audit row. HTTP replies come back as frames through `onReply`.
 */
import { sendCommand, type CommandTarget } from '@/session/command-channel';
import type { IngestDriver } from '@/ingest/drive-ingest';
import type { FrameLog } from '@/ingest/frame-log';
import { isUnavailable, type OutboundCommand, type Unavailable } from '@/protocol/dialect';
import type { RunEvent } from '@/protocol/run-event';
import type { AuditNote, CommandResult } from '@/stores/run-session';

export type LiveCommandsOptions = Readonly<{
  frames: FrameLog;
  driver: IngestDriver;
  /** Where commands go now (a watch replaces the socket, so this is read per command). */
  target: () => CommandTarget;
}>;

export class LiveCommands {
  constructor(private readonly options: LiveCommandsOptions) {}

  /** Commands in order; the first failure stops the rest and is returned in words. */
  async send(commands: readonly OutboundCommand[], audit?: AuditNote): Promise<CommandResult> {
    const { driver } = this.options;
    for (const command of commands) {
      // A command whose answer comes back as frames (an HTTP reply, an AG-UI run's stream) is
      // read before them; a message on the socket only once it went out — an answer that could
      // not be sent must not resolve its gate (myagent reads its own answer, the server echoes nothing).
      const readBeforeReply = command.via === 'http' || command.via === 'run';
      if (readBeforeReply) this.record(command);
      const outcome = await sendCommand(command, this.options.target(), (reply) => driver.receive(reply));
      if (!outcome.ok) {
        if (audit) this.audit(audit, `not sent: ${outcome.reason}`);
        return { ok: false, reason: outcome.reason, ...(outcome.status !== undefined ? { status: outcome.status } : {}) };
      }
      if (!readBeforeReply) this.record(command);
    }
    if (audit) this.audit(audit, 'sent');
    return { ok: true };
  }

  /** A person's command: the dialect may say it cannot be done, with the reason. */
  sendBound(commands: OutboundCommand[] | Unavailable, audit: AuditNote): Promise<CommandResult> {
    return isUnavailable(commands) ? Promise.resolve({ ok: false, reason: commands.unavailable }) : this.send(commands, audit);
  }

  /** Into the recording and, for dialects that read their own commands, into ingest. */
  record(command: OutboundCommand): void {
    this.options.frames.addCommand(command, Date.now());
    this.options.driver.outbound(command);
  }

  /** The audit trail: who did what from this browser, beside the stream's own echo. */
  private audit(audit: AuditNote, outcome: string): void {
    const event: RunEvent = {
      type: 'log',
      level: outcome === 'sent' ? 'info' : 'warn',
      source: 'audit',
      message: `${audit.message} — from this browser, ${outcome}`,
      atMs: Date.now(),
      ...(audit.nodeId !== undefined ? { nodeId: audit.nodeId } : {}),
    };
    this.options.frames.addAudit(event, Date.now());
    this.options.driver.local(event);
  }
}
