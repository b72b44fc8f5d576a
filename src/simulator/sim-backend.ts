/**
 * What a dialect's simulated backend plugs into the simulator server: HTTP routes,
 * WebSocket upgrades and/or a Socket.IO namespace, all on the simulator's one port.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

import type { Server as SocketIoServer } from 'socket.io';

import type { DialectId } from '@/protocol/dialect';
import type { Scenario } from '@/simulator/engine/scenario';
import type { Encoder, ScriptedRun } from '@/simulator/engine/scripted-run';

/** A command the backend received, exactly as it arrived (tests assert on these). */
export type ReceivedCommand = Readonly<{ dialect: DialectId; runId: string; kind: string; body: unknown; atMs: number }>;

export type RunOptions = Readonly<{ timeScale?: number; scenario?: string }>;

export type SimContext = Readonly<{
  timeScale: number;
  /** False on a follower pod (multi-pod): its Socket.IO side serves runs another pod drives. */
  drivesRuns: boolean;
  /**
   * The run with this id, started on first use; undefined when no scenario matches.
   * `timeScale` overrides the simulator's for this run (seeded runs that finish at once);
   * `scenario` plays that story when the run id names none (a run started with free text).
   */
  run<F>(dialect: DialectId, runId: string, encode: Encoder<F>, options?: RunOptions): ScriptedRun<F> | undefined;
  /** A run of a scenario the backend built itself (myagent's user.solve_tasks), started now. */
  runScenario<F>(dialect: DialectId, runId: string, scenario: Scenario, encode: Encoder<F>, timeScale?: number): ScriptedRun<F>;
  /** Every run of a dialect, oldest first (the simulated run lists). */
  runsOf(dialect: DialectId): ScriptedRun<unknown>[];
  /** A run that already exists, without starting one. */
  existingRun<F>(dialect: DialectId, runId: string): ScriptedRun<F> | undefined;
  record(command: Omit<ReceivedCommand, 'atMs'>): void;
  scenarios: readonly Scenario[];
}>;

export interface SimBackend {
  readonly dialect: DialectId;
  /** True when the protocol's client starts runs (the start page offers "Start run"). */
  readonly startsRuns: boolean;
  http?(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> | boolean;
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean;
  socketIo?(io: SocketIoServer): void;
}

export type SimBackendFactory = (ctx: SimContext) => SimBackend;
