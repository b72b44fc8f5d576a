import { describe, expect, it } from 'vitest';

import { timeoutOutcome } from '@/features/gates/gate-text';

describe('timeoutOutcome', () => {
  it('reads a protocol verb as what the backend will do, and quotes a sentence as it is', () => {
    expect(timeoutOutcome('reject')).toBe('the backend will reject it');
    expect(timeoutOutcome('myagent declines the plan and ends the run.')).toBe('myagent declines the plan and ends the run');
    expect(timeoutOutcome(undefined)).toBe('the backend decides what happens');
    expect(timeoutOutcome('  ')).toBe('the backend decides what happens');
  });
});
