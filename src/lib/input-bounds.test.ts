import { describe, expect, test } from 'vitest';

import { shortened, tooLong } from '@/lib/input-bounds';

describe('input bounds', () => {
  test('a value within its bound passes; a longer one gets a message with both lengths', () => {
    expect(tooLong('run', 'fanout~a1')).toBeUndefined();
    expect(tooLong('run', 'r'.repeat(256))).toBeUndefined();
    expect(tooLong('run', undefined)).toBeUndefined();
    expect(tooLong('run', 'r'.repeat(200_000))).toBe('The run id is 200,000 characters long: at most 256 are accepted.');
    expect(tooLong('url', `http://a/${'p'.repeat(3_000)}`)).toMatch(/^The backend URL is 3,009 characters long: at most 2,048/);
  });

  test('a value shown in a message is cut with its length said', () => {
    expect(shortened('short')).toBe('short');
    expect(shortened('x'.repeat(1_000), 4)).toBe('xxxx… (1,000 characters)');
  });
});
