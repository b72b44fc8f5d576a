/**
 * Simulator scenarios as data: one protocol-neutral script per story (fan-out, failure
 * and retry, human gate, cancellation), which each dialect's backend encodes into its
 * own wire frames. Adding a dialect means adding an encoder, not rewriting stories.
 */
import type { DialectId } from '@/protocol/dialect';

/** `agent`: who works on the step, when that is not the step itself (a Shannon swarm agent on a task). */
export type SimNode = Readonly<{ id: string; label: string; kind?: string; group?: string; agent?: string }>;
export type SimEdge = Readonly<{ source: string; target: string }>;

export type SimGateOption = Readonly<{ value: string; label: string; tone: 'approve' | 'reject' | 'neutral' }>;

export type SimStep =
  | { op: 'run.start'; title: string }
  | { op: 'plan'; nodes: readonly SimNode[]; edges: readonly SimEdge[] }
  | { op: 'chapter.start'; key: string; title: string }
  | { op: 'chapter.end'; key: string; status: 'completed' | 'failed' }
  | { op: 'node.start'; node: string; attempt?: number }
  | { op: 'node.progress'; node: string; progress: number; message?: string }
  | { op: 'tokens'; node: string; text: string; model?: string }
  | { op: 'tool'; node: string; tool: string; args: Record<string, unknown>; result: unknown; ok?: boolean }
  | { op: 'cost'; node: string; model: string; inputTokens: number; outputTokens: number; usd: number }
  | { op: 'node.done'; node: string; output: unknown; attempt?: number }
  | { op: 'node.fail'; node: string; error: string; code?: string; willRetry: boolean; attempt?: number }
  | { op: 'node.skip'; node: string; reason: string }
  | { op: 'log'; level: 'info' | 'warn' | 'error'; message: string; node?: string }
  | {
      op: 'gate';
      id: string;
      node: string;
      kind: 'approval' | 'input' | 'review';
      message: string;
      options: readonly SimGateOption[];
      context?: Record<string, unknown>;
      timeoutMs?: number;
      /** Steps after an approve-like answer (or any text input). */
      approved: readonly SimStep[];
      /** Steps after a reject-like answer or a timeout. */
      rejected: readonly SimStep[];
    }
  /** Emitted by the engine when a gate is decided (by anyone) or times out. */
  | { op: 'gate.resolved'; id: string; node: string; decision: string; decidedBy: string; cause: 'decision' | 'timeout' }
  /** Emitted by a backend: the person's feedback on an open gate, and the question asked again (Shannon's plan revision); the gate stays open. */
  | { op: 'gate.revised'; id: string; node: string; feedback: string; message: string; round: number }
  /** The run ended in a way its last events already said (Shannon's review timeout): only the run's outcome is noted. */
  | { op: 'run.end'; outcome: 'completed' | 'failed' }
  /** Emitted by the engine on pause/resume commands. */
  | { op: 'run.pause'; reason: string }
  | { op: 'run.resume' }
  | { op: 'wait'; ms: number }
  | { op: 'run.done'; output: unknown }
  | { op: 'run.fail'; error: string; node?: string }
  | { op: 'run.cancel'; reason: string };

export type Scenario = Readonly<{
  id: string;
  title: string;
  description: string;
  /** Base pause between steps, in ms at speed 1. */
  tickMs: number;
  steps: readonly SimStep[];
  /** How many of the first steps happened before anyone opened the run (played at once on start). */
  alreadyPlayed?: number;
  /** The dialects whose real servers behave the way this story shows (absent: every dialect). */
  dialects?: readonly DialectId[];
  /**
   * 'framework-adapter': played the way official framework adapters send it (AG-UI: no
   * STEP_* events, no Runboard CUSTOM conventions, no stepName metadata), not with the
   * conventions Runboard's own encoders add.
   */
  producer?: 'framework-adapter';
}>;
