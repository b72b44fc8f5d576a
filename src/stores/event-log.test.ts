import { describe, expect, test } from 'vitest';

import type { RunEvent } from '@/protocol/run-event';
import { EventLog } from '@/stores/event-log';

const token = (nodeId: string, delta: string): RunEvent => ({ type: 'node.output', nodeId, delta });
const started = (nodeId: string): RunEvent => ({ type: 'node.started', nodeId });
const texts = (log: EventLog) =>
  Array.from({ length: log.length }, (_, i) => log.at(i)?.event).map((e) => (e?.type === 'node.output' ? `${e.nodeId}:${e.delta}` : e?.type));

describe('EventLog', () => {
  test('tokens of interleaved nodes coalesce into one text row per node', () => {
    const log = new EventLog();
    for (const event of [started('a'), started('b'), token('a', 'x'), token('b', '1'), token('a', 'y'), token('b', '2')]) log.append(event, -1);
    expect(texts(log)).toEqual(['node.started', 'node.started', 'a:xy', 'b:12']);
    expect(log.at(2)?.merged).toBe(2);
    expect(log.revision).toBe(6);
  });

  test('a merged text row keeps every field of its first event, in order, with the text grown', () => {
    const log = new EventLog();
    const first: RunEvent = { type: 'node.output', nodeId: 'a', delta: 'x', text: 'preview', frame: 3, key: 's#1', atMs: 5, at: 't', receivedTime: true, runId: 'r' };
    log.appendAll([first, { type: 'node.output', nodeId: 'a', delta: 'y', text: 'partial', frame: 4 }], -1);
    const event = log.at(0)?.event;
    expect(event).toEqual({ ...first, delta: 'xy', text: 'partial' });
    expect(Object.keys(event ?? {})).toEqual(Object.keys(first));
    expect(first.delta).toBe('x');
  });

  test('a batch appended at once makes the rows that appending its events one by one makes', () => {
    const kinds = (i: number, seed: number): RunEvent => {
      const nodeId = ['a', 'b'][(seed >> 3) % 2] as string;
      const atMs = seed % 3 === 0 ? undefined : i;
      const at = atMs === undefined ? {} : { atMs };
      switch (seed % 5) {
        case 0:
          return { type: 'node.progress', nodeId, message: `m${i}`, ...at };
        case 1:
          return { type: 'node.progress', nodeId, progress: i / 100, ...at };
        case 2:
          return { type: 'node.output', nodeId, delta: `d${i}`, ...at };
        case 3:
          return { type: 'node.output', nodeId, delta: `w${i}`, text: 'whole', ...at };
        default:
          return seed % 7 === 0 ? started(nodeId) : { type: 'node.progress', nodeId, message: `n${i}` };
      }
    };
    let seed = 11;
    for (let round = 0; round < 200; round++) {
      const events = Array.from({ length: 1 + (round % 17) }, (_, i) => kinds(i, (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31)));
      const whole = new EventLog();
      const single = new EventLog();
      whole.appendAll(events.slice(0, 3), -1);
      whole.appendAll(events.slice(3), -1);
      for (const event of events) single.append(event, -1);
      const rows = (log: EventLog) => Array.from({ length: log.length }, (_, i) => log.at(i));
      expect(rows(whole)).toEqual(rows(single));
      expect(whole.revision).toBe(single.revision);
    }
  });

  test('any other event of the node closes its text row', () => {
    const log = new EventLog();
    for (const event of [token('a', 'x'), started('a'), token('a', 'y')]) log.append(event, -1);
    expect(texts(log)).toEqual(['a:x', 'node.started', 'a:y']);
  });

  test('a node’s progress updates share one row with the newest message and the first time (tolky streams narration as progress)', () => {
    const log = new EventLog();
    const narrate = (nodeId: string, message: string, atMs: number): RunEvent => ({ type: 'node.progress', nodeId, message, atMs });
    for (const event of [narrate('a', 'Split', 1), narrate('b', 'Find', 2), narrate('a', 'Split the', 3), narrate('a', 'Split the market', 4)]) log.append(event, -1);
    expect(log.length).toBe(2);
    expect(log.at(0)).toMatchObject({ event: { message: 'Split the market', atMs: 1 }, merged: 3 });
    // Another kind of event closes it; text and progress do not merge into each other.
    for (const event of [token('a', 'x'), narrate('a', 'Done?', 5), started('a'), narrate('a', 'Again', 6)]) log.append(event, -1);
    expect(log.length).toBe(6);
    expect(log.at(3)?.event).toMatchObject({ type: 'node.progress', message: 'Done?' });
  });

  test('restore brings back open text rows exactly as they were at the checkpoint', () => {
    const log = new EventLog();
    log.append(token('a', 'x'), -1);
    log.append(started('b'), -1);
    const checkpoint = log.checkpoint();
    log.append(token('a', 'y'), -1);
    log.append(token('b', 'z'), -1);
    log.restore(checkpoint);
    expect(texts(log)).toEqual(['a:x', 'node.started']);
    expect(log.revision).toBe(2);
    log.append(token('a', 'q'), -1);
    expect(texts(log)).toEqual(['a:xq', 'node.started']);
  });

  test('a bounded log drops its oldest rows but keeps absolute indices and open text rows', () => {
    const log = new EventLog(8);
    log.append(token('a', 'x'), -1);
    for (let i = 0; i < 12; i++) log.append(started(`n${i}`), -1);
    log.append(token('a', 'y'), -1);
    expect(log.length).toBe(14);
    expect(log.firstRow).toBeGreaterThan(0);
    expect(log.length - log.firstRow).toBeLessThanOrEqual(8);
    expect(log.at(0)).toBeUndefined();
    expect(log.at(12)?.event.type).toBe('node.started');
    expect(log.at(13)?.event.type).toBe('node.output');
    expect(log.rowsOfNode('n0')).toEqual([]);
    expect(log.rowsOfNode('n11')).toEqual([12]);
    // the dropped text row of 'a' is closed: a new token starts a new row
    expect(log.rowsOfNode('a')).toEqual([13]);
    log.append(token('a', 'z'), -1);
    expect(log.at(13)?.merged).toBe(2);
  });

  test('a batch appended at once reads exactly as its events appended one by one (bound and full rows included)', () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const events: RunEvent[] = [];
    for (let i = 0; i < 3000; i++) {
      const node = `n${Math.floor(random() * 6)}`;
      const roll = random();
      if (roll < 0.8) events.push(token(node, 'x'.repeat(1 + Math.floor(random() * 300))));
      else if (roll < 0.95) events.push(started(node));
      else events.push({ type: 'chapter.started', chapterId: `c${i}`, title: 'c' });
    }
    const single = new EventLog(500);
    const rowsOne = events.map((event) => single.append(event, 0));
    const batched = new EventLog(500);
    const rowsBatch: number[] = [];
    for (let at = 0; at < events.length; at += 37) rowsBatch.push(...batched.appendAll(events.slice(at, at + 37), 0));
    expect(rowsBatch).toEqual(rowsOne);
    expect(batched.length).toBe(single.length);
    expect(batched.revision).toBe(single.revision);
    const rows = (log: EventLog) => Array.from({ length: log.length - log.firstRow }, (_, i) => log.at(log.firstRow + i));
    // chapters differ on purpose (append() is given chapter 0 each time); everything else must match
    expect(rows(batched).map((row) => ({ ...row, chapter: 0 }))).toEqual(rows(single).map((row) => ({ ...row, chapter: 0 })));
    for (let n = 0; n < 6; n++) expect(batched.rowsOfNode(`n${n}`)).toEqual(single.rowsOfNode(`n${n}`));
  });

  test('appendAll files rows after a chapter.started under the new chapter', () => {
    const log = new EventLog();
    log.appendAll([started('a'), { type: 'chapter.started', chapterId: 'c1', title: 'One' }, started('b')], 2);
    expect([0, 1, 2].map((i) => log.at(i)?.chapter)).toEqual([2, 2, 3]);
  });
});

