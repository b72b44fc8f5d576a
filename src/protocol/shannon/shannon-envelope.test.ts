/**
 * Whether a Shannon frame is an SSE envelope `{id?, event?, data}` or a bare event object is
 * decided once, by locate; the interpreter reads what locate hands it. These frames were
 * decided one way by locate and the other way by the interpreter, which then read the wrong
 * object (an event's payload as the event, or an SSE frame as an event).
 */
import { describe, expect, it } from 'vitest';

import { createFrameReader } from '@/protocol/read-frame';
import { shannonDialect } from '@/protocol/shannon/shannon-dialect';

const WF = 'wf-envelope';
const read = (frame: unknown) => createFrameReader(shannonDialect, WF)(frame);
const place = (frame: unknown) => shannonDialect.locate(frame, { runId: WF, connection: 0 });
/** What a frame reads as: its events' types and the agent they name, or why it was rejected. */
function readAs(frame: unknown): unknown {
  const result = read(frame);
  return result.kind === 'events' ? result.events.map((e) => `${e.type}${'nodeId' in e ? ` ${e.nodeId}` : ''}`) : result.reason;
}

describe('shannon: the SSE envelope is decided once', () => {
  it('a bare event carrying its payload as `data` (the document names it so) reads as that event', () => {
    const bare = { workflow_id: WF, type: 'AGENT_STARTED', agent_id: 'researcher', seq: 3, data: { role: 'analyst' } };
    expect(place(bare)).toMatchObject({ kind: 'placed', placements: [{ order: { scope: `wf:${WF}`, seq: 3 } }] });
    expect(readAs(bare)).toContain('node.started researcher');
    expect(readAs(bare)).toEqual(readAs({ id: '3', event: 'AGENT_STARTED', data: bare }));
  });

  it('an SSE frame whose id came as a number reads its data under its event name', () => {
    const frame = { id: 7, event: 'AGENT_STARTED', data: { workflow_id: WF, type: 'AGENT_STARTED', agent_id: 'writer', seq: 7 } };
    expect(place(frame)).toMatchObject({ kind: 'placed', placements: [{ order: { scope: `wf:${WF}`, seq: 7 } }] });
    expect(readAs(frame)).toContain('node.started writer');
    expect(readAs(frame)).toEqual(readAs({ ...frame, id: '7' }));
  });

  it('a history row is read as the row it is, with its stream id, never as an SSE frame', () => {
    const row = { workflow_id: WF, type: 'AGENT_STARTED', agent_id: 'a', seq: 2, stream_id: '1700000000000-1', data: { role: 'r' } };
    const page = { reply: { method: 'GET', path: `/api/v1/tasks/${WF}/events`, status: 200 }, body: { events: [row] } };
    expect(readAs(page)).toContain('node.started a');
    expect(readAs(page)).toEqual(readAs({ id: row.stream_id, event: 'AGENT_STARTED', data: row }));
    expect(place(page)).toMatchObject({ placements: [{ order: { seq: 2 }, cursor: '1700000000000-1' }] });
  });
});
