import { describe, expect, it } from 'vitest';

import { jsonWeight } from '@/ingest/json-weight';

describe('jsonWeight', () => {
  it('is the JSON text length for strings, objects, arrays, booleans and null', () => {
    const value = { event: 'output', data: { message: 'hello', tags: ['a', 'bc'], ok: true, none: null } };
    expect(jsonWeight(value)).toBe(JSON.stringify(value).length);
  });

  it('counts a number as 8 characters, whatever its digits', () => {
    expect(jsonWeight({ seq: 1 })).toBe('{"seq":'.length + 8 + 1);
    expect(jsonWeight([123456789012])).toBe(2 + 8);
  });

  it('grows with a frame that carries a whole graph', () => {
    const node = (i: number) => ({ id: `n${i}`, status: 'running', label: `Step ${i}` });
    const small = { event_type: 'dag_updated', data: { nodes: [node(0)] } };
    const big = { event_type: 'dag_updated', data: { nodes: Array.from({ length: 200 }, (_, i) => node(i)) } };
    expect(jsonWeight(big)).toBe(JSON.stringify(big).length);
    expect(jsonWeight(big)).toBeGreaterThan(100 * jsonWeight(small));
  });

  it('stops at a bounded depth, so a hostile deeply nested frame is cheap to weigh', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonWeight(deep)).toBeLessThan(200);
  });
});
