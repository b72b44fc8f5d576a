/**
 * myagent's answer preview through the stores: partial answers the server thinned (word_count
 * jumps) are read by the real dialect, applied as ingest applies them, and every view's
 * source — the canvas tail and mark (run store), the timeline's rows (event log) and the
 * details panel (deriveNodeDetails) — shows the preview as a preview, says it is partial,
 * and shows the whole final answer in its place once it arrives.
 */
import { describe, expect, test } from 'vitest';

import { applyBatch } from '@/ingest/apply-batch';
import { NO_STATS } from '@/ingest/batch';
import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import { createFrameReader } from '@/protocol/read-frame';
import { bucketGet } from '@/stores/bucket-map';
import { EventLog } from '@/stores/event-log';
import { createNodeStatusStore } from '@/stores/node-status-store';
import { createRunStore } from '@/stores/run-store';
import { tailOf } from '@/stores/tails';
import { deriveNodeDetails } from '@/features/inspector/derive-node-details';
import { summarizeEvent } from '@/features/timeline/summarize-event';

const SENT = ['The market ', 'for slides ', 'grew about ', 'a third; ', 'the report ', 'has six sections.'];
const WHOLE = SENT.join('').trim();

function session() {
  const target = { log: new EventLog(), run: createRunStore({ runId: 'r1', dialect: 'myagent', source: 'ws://127.0.0.1:1' }), nodeStatus: createNodeStatusStore() };
  const read = createFrameReader(myagentDialect, 'r1');
  let seq = 0;
  const feed = (event: string, content: unknown, metadata: Record<string, unknown> = {}) => {
    seq += 1;
    const result = read({ event, session_id: 's1', seq, event_id: `c-${seq}`, content, metadata });
    if (result.kind !== 'events') throw new Error(result.reason);
    applyBatch(target, { events: result.events, issues: [], stats: NO_STATS, atMs: seq });
  };
  return { ...target, feed };
}

/** Streams SENT as the server counts it, delivering the deltas `keep` allows (the rest the server coalesced away). */
function stream(s: ReturnType<typeof session>, keep: (i: number) => boolean) {
  let words = 0;
  SENT.forEach((delta, i) => {
    words += delta.split(/\s+/).filter(Boolean).length;
    if (keep(i)) s.feed('agent.partial_answer', delta, { is_streaming: true, word_count: words, is_final: false });
  });
  s.feed('agent.partial_answer', '', { is_streaming: true, is_final: true, total_length: WHOLE.length });
}

const textRows = (log: EventLog) =>
  Array.from({ length: log.length }, (_, i) => log.at(i)?.event).filter((e) => e?.type === 'node.output');

describe('myagent preview in the stores', () => {
  test('while streaming with holes: the tail is the garbled preview and every view says it is partial', () => {
    const s = session();
    stream(s, (i) => i !== 2 && i !== 3);
    const state = s.run.getState();
    expect(tailOf(state.tails, 'agent')).toBe('The market for slides the report has six sections.');
    expect(bucketGet(state.streamedText, 'agent')).toBe('partial');
    const rows = textRows(s.log);
    expect(rows.map((e) => summarizeEvent(e!))).toEqual([expect.stringMatching(/^Partial preview \(some streamed text was lost\): The market for slides/)]);
    const details = deriveNodeDetails(s.log, s.log.rowsOfNode('agent'));
    expect(details).toMatchObject({ textKind: 'partial', text: 'The market for slides the report has six sections.' });
  });

  test('a complete stream reads as a preview, not as partial', () => {
    const s = session();
    stream(s, () => true);
    expect(bucketGet(s.run.getState().streamedText, 'agent')).toBe('preview');
    expect(summarizeEvent(textRows(s.log)[0]!)).toMatch(/^Preview: The market for slides grew/);
  });

  test('the final answer replaces the preview in the tail, the timeline row and the details panel', () => {
    const s = session();
    stream(s, (i) => i !== 2 && i !== 3);
    s.feed('agent.final_answer', WHOLE);
    const state = s.run.getState();
    expect(tailOf(state.tails, 'agent')).toBe(WHOLE);
    expect(bucketGet(state.streamedText, 'agent')).toBe('whole');
    const rows = textRows(s.log);
    // One text row: the preview row now holds the whole answer (no garbled row left beside it).
    expect(rows.map((e) => summarizeEvent(e!))).toEqual([`Whole answer: ${WHOLE}`]);
    const details = deriveNodeDetails(s.log, s.log.rowsOfNode('agent'));
    expect(details).toMatchObject({ textKind: 'whole', text: WHOLE, output: WHOLE });
    // What was lost is said where the node's logs are read.
    expect(details.logs).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringMatching(/missed parts/) }));
  });
});
