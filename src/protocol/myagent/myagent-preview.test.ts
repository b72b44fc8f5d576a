import { describe, expect, test } from 'vitest';

import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import { createFrameReader, type ReadResult } from '@/protocol/read-frame';
import { RunEventSchema, type RunEvent, type RunEventOf } from '@/protocol/run-event';

let runs = 0;
let seq = 0;
function reader() {
  seq = 0;
  return createFrameReader(myagentDialect, `preview-${++runs}`);
}

/**
 * A partial answer as the real server sends it (myagent/agent/toolcall.py
 * _stream_llm_with_websocket): a delta, `word_count` the words sent so far in this stream,
 * and a closing empty one with `is_final` and the whole text's `total_length`.
 */
function frame(event: string, content: unknown, metadata: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return { event, session_id: 'sess-1', timestamp: '2025-10-18T14:30:00.123456', seq, event_id: `c1-${seq}`, content, metadata: { connection_id: 'c1', ...metadata } };
}

function events(result: ReadResult): RunEvent[] {
  if (result.kind !== 'events') throw new Error(`rejected: ${result.reason}`);
  for (const event of result.events) expect(RunEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
  return result.events;
}
const outputs = (list: RunEvent[]) => list.filter((e): e is RunEventOf<'node.output'> => e.type === 'node.output');

/** Streams `sent` as the server would count it, delivering only the deltas whose index is in `delivered`. */
function stream(read: ReturnType<typeof reader>, sent: string[], delivered: (i: number) => boolean): RunEvent[] {
  let words = 0;
  const out: RunEvent[] = [];
  sent.forEach((delta, i) => {
    words += delta.split(/\s+/).filter(Boolean).length;
    if (delivered(i)) out.push(...events(read(frame('agent.partial_answer', delta, { is_streaming: true, word_count: words, is_final: false }))));
  });
  const whole = sent.join('').trim();
  out.push(...events(read(frame('agent.partial_answer', '', { is_streaming: true, is_final: true, total_length: whole.length }))));
  return out;
}

const SENT = ['The market ', 'for slides ', 'grew about ', 'a third; ', 'the report ', 'has six sections.'];

describe('myagent answer preview: streamed deltas are a preview the whole final answer replaces', () => {
  test('every delta received in full is a preview, not a gap', () => {
    const out = outputs(stream(reader(), SENT, () => true));
    expect(out.map((e) => e.text)).toEqual(SENT.map(() => 'preview'));
    expect(out.map((e) => e.delta).join('')).toBe(SENT.join(''));
  });

  test('a delta after words the server dropped says the preview is partial (word_count jumped)', () => {
    const out = outputs(stream(reader(), SENT, (i) => i !== 2 && i !== 3));
    expect(out.map((e) => e.text)).toEqual(['preview', 'preview', 'partial', 'partial']);
  });

  test('a last delta the closing frame replaced: total_length says text is missing', () => {
    const out = outputs(stream(reader(), SENT, (i) => i !== SENT.length - 1));
    expect(out.at(-1)).toMatchObject({ text: 'partial', delta: '' });
  });

  test('the final answer replaces the preview with the whole text, on the node that streamed it', () => {
    const read = reader();
    const streamed = stream(read, SENT, (i) => i !== 2);
    const node = outputs(streamed)[0]?.nodeId;
    const final = events(read(frame('agent.final_answer', SENT.join('').trim())));
    const whole = outputs(final);
    expect(whole).toEqual([expect.objectContaining({ nodeId: node, text: 'whole', delta: SENT.join('').trim() })]);
    // The whole text comes before the node completes, so every view holding the preview swaps it first.
    expect(final.findIndex((e) => e.type === 'node.output')).toBeLessThan(final.findIndex((e) => e.type === 'node.completed'));
  });

  test('a final answer that differs from the deltas received marks the replaced preview as having had holes', () => {
    const read = reader();
    // No word counts (an older server): nothing looked missing while streaming.
    for (const delta of ['The market ', 'has sections.']) events(read(frame('agent.partial_answer', delta)));
    const final = events(read(frame('agent.final_answer', 'The market for slides grew; the report has six sections.')));
    expect(outputs(final)).toEqual([expect.objectContaining({ text: 'whole' })]);
    const note = final.find((e) => e.type === 'log' && e.level === 'warn');
    expect(note).toMatchObject({ message: expect.stringMatching(/preview.*missed/i) });
  });

  test('the closing partial the server coalesced arrives after the final answer (it waits out the window): it changes nothing', () => {
    const read = reader();
    let words = 0;
    for (const delta of SENT.filter((_, i) => i !== 2)) {
      words += delta.split(/\s+/).filter(Boolean).length + (delta === SENT[3] ? 2 : 0);
      events(read(frame('agent.partial_answer', delta, { word_count: words })));
    }
    events(read(frame('agent.final_answer', SENT.join('').trim())));
    const late = events(read(frame('agent.partial_answer', '', { is_final: true, total_length: SENT.join('').trim().length })));
    const stale = events(read(frame('agent.partial_answer', 'a third; ', { word_count: 9 })));
    expect([...late, ...stale]).toEqual([]);
  });

  test('two streams on one node: each closing frame and the final answer read everything received, in order', () => {
    const read = reader();
    const first = SENT.slice(0, 3);
    const second = SENT.slice(3);
    // The first stream arrives whole; the second loses its last delta, which only its closing total_length shows.
    const one = outputs(stream(read, first, () => true));
    const two = outputs(stream(read, second, (i) => i !== second.length - 1));
    expect(one.map((e) => e.text)).toEqual(first.map(() => 'preview'));
    expect(two.at(-1)).toMatchObject({ text: 'partial', delta: '' });
    // What arrived is both streams but the lost delta: the final answer differs, and says so.
    const final = events(read(frame('agent.final_answer', SENT.join(''))));
    const received = SENT.slice(0, -1).join('').trim();
    expect(final.find((e) => e.type === 'log' && e.level === 'warn')).toMatchObject({ message: expect.stringContaining(`(${received.length} of ${SENT.join('').trim().length} characters arrived)`) });
  });

  test('a final answer with no preview before it adds no text event', () => {
    const final = events(reader()(frame('agent.final_answer', 'Done')));
    expect(outputs(final)).toEqual([]);
  });
});
