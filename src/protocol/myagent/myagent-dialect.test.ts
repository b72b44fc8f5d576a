import { describe, expect, test } from 'vitest';

import { isUnavailable, type OpenContext } from '@/protocol/dialect';
import { exportStateCommand, myagentDialect } from '@/protocol/myagent/myagent-dialect';

const open = (over: Partial<OpenContext>): OpenContext => ({ runId: 'sess-1', cursor: undefined, reconnect: false, memo: {}, ...over });
const gate = { gateId: 'confirm_plan_1', kind: 'approval', runId: 'sess-1' };

describe('myagent dialect', () => {
  test('connects to the server root over WebSocket, without a trailing slash', () => {
    expect(myagentDialect.connect({ baseUrl: 'ws://127.0.0.1:8080/', runId: 'x' })).toEqual({ kind: 'websocket', url: 'ws://127.0.0.1:8080' });
    expect(myagentDialect.connect({ baseUrl: 'http://h:1', runId: 'x' })).toMatchObject({ url: 'ws://h:1' });
  });

  test('the first open creates a session; startRun sends the instructions to it', () => {
    expect(myagentDialect.onOpen(open({ start: 'Make slides' }))).toEqual([
      { via: 'socket', message: expect.objectContaining({ event: 'user.create_session' }) },
    ]);
    expect(myagentDialect.startRun?.('Make slides', 'sess-7')).toEqual([
      { via: 'socket', message: expect.objectContaining({ event: 'user.message', session_id: 'sess-7', content: 'Make slides' }) },
    ]);
  });

  test('a reconnect with an exported state resumes with reconnect_with_state and the last seq', () => {
    const commands = myagentDialect.onOpen(open({ reconnect: true, cursor: '42', memo: { signed_state: 'c2ln', session_id: 'sess-3' } }));
    expect(commands).toEqual([
      { via: 'socket', message: { event: 'user.reconnect_with_state', session_id: 'sess-3', signed_state: 'c2ln', content: { last_seq: 42 } } },
    ]);
  });

  test('the reconnect names the session whose numbering the cursor counts in, not the newest in the memo', () => {
    const commands = myagentDialect.onOpen(open({ reconnect: true, cursor: 'sess-2:17', memo: { signed_state: 'c2ln', session_id: 'sess-3' } }));
    expect(commands).toEqual([
      { via: 'socket', message: { event: 'user.reconnect_with_state', session_id: 'sess-2', signed_state: 'c2ln', content: { last_seq: 17 } } },
    ]);
  });

  test('a reconnect without an exported state sends nothing: the server session is gone', () => {
    expect(myagentDialect.onOpen(open({ reconnect: true, cursor: '5' }))).toEqual([]);
  });

  test('approve and modify confirm; reject declines; edited tasks travel as content.tasks', () => {
    const approve = myagentDialect.answerGate(gate, { option: { value: 'approve', label: 'Approve', tone: 'approve' }, text: 'Looks good', decidedBy: 'ann' }, { session_id: 'sess-9' });
    expect(approve).toEqual([
      {
        via: 'socket',
        message: { event: 'user.response', session_id: 'sess-9', step_id: 'confirm_plan_1', content: { confirmed: true, approved: true, feedback: 'Looks good' }, metadata: { decided_by: 'ann' } },
      },
    ]);
    const reject = myagentDialect.answerGate(gate, { option: { value: 'reject', label: 'Reject' }, decidedBy: 'ann' }, {});
    expect(reject).toMatchObject([{ message: { session_id: 'sess-1', content: { confirmed: false, approved: false } } }]);
    const modify = myagentDialect.answerGate(gate, { option: { value: 'modify', label: 'Modify tasks', tone: 'neutral' }, text: '[{"id":1,"title":"New"}]', decidedBy: 'ann' }, {});
    expect(modify).toMatchObject([{ message: { content: { confirmed: true, tasks: [{ id: 1, title: 'New' }] } } }]);
  });

  test('cancel is user.cancel; pause and resume are unavailable with a reason', () => {
    expect(myagentDialect.control('cancel', 'sess-1', 'too slow')).toEqual([
      { via: 'socket', message: { event: 'user.cancel', session_id: 'sess-1', content: 'too slow' } },
    ]);
    const pause = myagentDialect.control('pause', 'sess-1', undefined);
    expect(isUnavailable(pause) && pause.unavailable).toMatch(/no pause/);
  });

  test('holes are normal: nothing refills them and there is no snapshot', () => {
    expect(myagentDialect.recovery).toMatchObject({ ordering: { by: 'seq', holes: 'normal' }, refill: [], drop: 'resume' });
    expect(myagentDialect.refill).toBeUndefined();
    expect(myagentDialect.snapshot).toBeUndefined();
  });

  test('a new session in the memo starts the run once and asks for its state (exportStateCommand)', () => {
    expect(exportStateCommand('sess-1')).toMatchObject({ via: 'socket', message: { event: 'user.request_state', session_id: 'sess-1' } });
    const created = myagentDialect.onMemo?.({ memo: { session_id: 'sess-1' }, previous: {}, start: 'Make slides', runId: 'pending' });
    expect(created).toEqual({
      commands: [
        { via: 'socket', message: expect.objectContaining({ event: 'user.message', session_id: 'sess-1', content: 'Make slides' }) },
        exportStateCommand('sess-1'),
      ],
      runId: 'sess-1',
    });
    // A restored session (new id) is not started again, but its state is asked for.
    const restored = myagentDialect.onMemo?.({ memo: { session_id: 'sess-2' }, previous: { session_id: 'sess-1' }, start: 'Make slides', runId: 'sess-1' });
    expect(restored).toEqual({ commands: [exportStateCommand('sess-2')], runId: 'sess-2' });
    expect(myagentDialect.onMemo?.({ memo: { session_id: 'sess-2', signed_state: 'x' }, previous: { session_id: 'sess-2' }, runId: 'sess-2' })).toEqual({ commands: [] });
  });
});
