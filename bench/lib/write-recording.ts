/**
 * Writes a synthetic run as a Runboard recording (docs/ARCHITECTURE.md "Recordings": a header line,
 * then `{"t", "frame"}` per frame) to bench/out, encoding the steps in chunks so a
 * million-frame file never sits in memory as objects. Frames are 5 ms apart, as the
 * encoders' clocks say. Returns the path, the frame count and the bytes written.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

import type { DialectId } from '@/protocol/dialect';
import { DIALECTS } from '@/protocol/dialects';
import type { SimStep } from '@/simulator/engine/scenario';

import { createFrameEncoder } from './stream';

const CHUNK_STEPS = 5_000;
const STARTED_AT = new Date(Date.UTC(2025, 0, 1)).toISOString();

export type WrittenRecording = Readonly<{ path: string; frames: number; bytes: number }>;

export function writeRecording(path: string, dialect: DialectId, steps: readonly SimStep[]): WrittenRecording {
  mkdirSync(dirname(path), { recursive: true });
  const runId = `bench-${dialect}`;
  const header = { runboard: 1, dialect, transport: DIALECTS[dialect].wire, source: 'bench/lib/write-recording.ts', startedAt: STARTED_AT };
  const fd = openSync(path, 'w');
  let bytes = writeSync(fd, `${JSON.stringify(header)}\n`);
  const encode = createFrameEncoder(dialect, runId);
  let frames = 0;
  try {
    for (let at = 0; at < steps.length; at += CHUNK_STEPS) {
      const lines: string[] = [];
      for (const frame of encode(steps.slice(at, at + CHUNK_STEPS)).frames) lines.push(JSON.stringify({ t: frames++ * 5, frame }));
      bytes += writeSync(fd, `${lines.join('\n')}\n`);
    }
  } finally {
    closeSync(fd);
  }
  return { path, frames, bytes };
}
