import { describe, expect, it } from 'vitest';

import { redactSecrets } from '@/lib/redact-secrets';

describe('redactSecrets', () => {
  it('replaces a secret reference anywhere in a payload', () => {
    const input = { a: 1, headers: { auth: { secret: true, ref: 'OPENAI_KEY' } }, list: [{ secret: true, ref: 'DB' }, 'x'] };
    expect(redactSecrets(input)).toEqual({
      a: 1,
      headers: { auth: '[redacted secret: OPENAI_KEY]' },
      list: ['[redacted secret: DB]', 'x'],
    });
  });

  it('redacts a top-level secret and names a missing ref', () => {
    expect(redactSecrets({ secret: true, ref: 'TOKEN' })).toBe('[redacted secret: TOKEN]');
    expect(redactSecrets({ secret: true })).toBe('[redacted secret: unnamed]');
  });

  it('leaves the input untouched and returns untouched branches by reference', () => {
    const clean = { deep: { ok: true } };
    const input = { clean, bad: { secret: true, ref: 'K' } };
    const out = redactSecrets(input) as typeof input;
    expect(input.bad).toEqual({ secret: true, ref: 'K' });
    expect(out.clean).toBe(clean);
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('does not treat secret: false or primitives as secrets', () => {
    expect(redactSecrets({ secret: false, ref: 'x' })).toEqual({ secret: false, ref: 'x' });
    expect(redactSecrets('secret')).toBe('secret');
    expect(redactSecrets(null)).toBe(null);
  });

  it('cuts cycles instead of looping', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(redactSecrets(a)).toEqual({ name: 'a', self: '[circular]' });
  });
});
