import { describe, expect, test } from 'vitest';

import { asError, errorMessage } from '@/lib/error-message';

describe('errorMessage', () => {
  test("an Error gives its message; anything else its own text", () => {
    expect(errorMessage(new TypeError('bad input'))).toBe('bad input');
    expect(errorMessage('socket closed')).toBe('socket closed');
    expect(errorMessage(404)).toBe('404');
    expect(errorMessage(undefined)).toBe('undefined');
  });

  test('asError keeps an Error as it is and wraps anything else', () => {
    const error = new RangeError('x');
    expect(asError(error)).toBe(error);
    expect(asError('late')).toMatchObject({ message: 'late' });
    expect(asError('late')).toBeInstanceOf(Error);
  });
});
