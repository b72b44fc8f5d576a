import { describe, expect, test } from 'vitest';

import { offeredControls } from '@/features/control/offered-controls';

const all = { cancel: true, pause: true, resume: true } as const;
const live = { status: 'live' } as const;
const byAction = (list: ReturnType<typeof offeredControls>) => Object.fromEntries(list.map((c) => [c.action, c.unavailable ?? 'live']));

describe('offeredControls', () => {
  test('a finished run offers nothing', () => {
    for (const status of ['succeeded', 'failed', 'cancelled']) expect(offeredControls({ status, control: all, blocked: undefined, connection: live })).toEqual([]);
  });

  test('a running run offers pause and cancel; a paused one resume and cancel', () => {
    expect(byAction(offeredControls({ status: 'running', control: all, blocked: undefined, connection: live }))).toEqual({ pause: 'live', cancel: 'live' });
    expect(byAction(offeredControls({ status: 'paused', control: all, blocked: undefined, connection: live }))).toEqual({ resume: 'live', cancel: 'live' });
  });

  test('a run paused where only the answer to its gate resumes it offers no Resume', () => {
    const agui = { cancel: 'no cancel request', pause: 'pauses only at interrupts', resume: 'resumes by answering the interrupt' };
    expect(byAction(offeredControls({ status: 'paused', control: agui, blocked: undefined, connection: { status: 'closed', by: 'server' } }))).toEqual({ cancel: 'no cancel request' });
  });

  test('a protocol without pause shows it unavailable with its reason', () => {
    expect(byAction(offeredControls({ status: 'running', control: { ...all, pause: 'no pause command' }, blocked: undefined, connection: live }))).toEqual({ pause: 'no pause command', cancel: 'live' });
  });

  test('a session that cannot send shows every control unavailable, saying why', () => {
    expect(byAction(offeredControls({ status: 'running', control: all, blocked: 'watching over REST', connection: live }))).toEqual({ pause: 'watching over REST', cancel: 'watching over REST' });
    const failed = byAction(offeredControls({ status: 'running', control: all, blocked: undefined, connection: { status: 'error', error: 'HTTP 500' } }));
    expect(failed.cancel).toMatch(/closed with an error/);
  });
});
