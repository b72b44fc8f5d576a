import { describe, expect, it } from 'vitest';

import type { NodeState } from '@/stores/node-types';

import { elapsedText } from '@/features/canvas/nodes/elapsed-clock';
import { lastLines } from '@/features/canvas/nodes/node-tail';

const node = (patch: Partial<NodeState>): NodeState => ({ status: 'running', attempt: 1, ...patch });

describe('elapsedText', () => {
  it('counts up to now while the node is live, and freezes at its end', () => {
    expect(elapsedText(node({ startedAtMs: 1_000 }), 13_500)).toBe('12s');
    expect(elapsedText(node({ status: 'succeeded', startedAtMs: 1_000, endedAtMs: 4_000 }), 99_000)).toBe('3.0s');
  });

  it('is empty when the protocol never said when the node started', () => {
    expect(elapsedText(node({}), 5_000)).toBe('');
    expect(elapsedText(undefined, 5_000)).toBe('');
  });
});

describe('lastLines', () => {
  it('keeps the last two non-empty lines of streamed text', () => {
    expect(lastLines('one\ntwo\n\nthree\n')).toBe('two\nthree');
  });

  it('cuts a long line from the left so the newest characters show', () => {
    const line = lastLines('x'.repeat(100) + 'END');
    expect(line.endsWith('END')).toBe(true);
    expect(line.startsWith('…')).toBe(true);
    expect(line.length).toBe(60);
  });
});
