import { describe, expect, it } from 'vitest';

import { checkBackendUrl } from '@/features/connect/check-backend-url';

describe('checkBackendUrl', () => {
  it('accepts an address with a scheme', () => {
    expect(checkBackendUrl('http://localhost:8787', 'http://host:port')).toEqual({ ok: true });
    expect(checkBackendUrl(' ws://10.0.0.2:9000 ', 'ws://host:port')).toEqual({ ok: true });
  });

  it('offers the dialect’s scheme for an address typed without one', () => {
    expect(checkBackendUrl('localhost:8787', 'http://host:port')).toEqual({
      ok: false,
      problem: '“localhost:8787” has no scheme: the address must start with http://.',
      fix: 'http://localhost:8787',
    });
    expect(checkBackendUrl('example.com/agui/run', 'ws://host:port')).toMatchObject({ fix: 'ws://example.com/agui/run' });
  });

  it('says what is wrong when there is nothing to fix', () => {
    expect(checkBackendUrl('', 'http://host:port')).toEqual({ ok: false, problem: 'Enter the backend’s address.' });
    expect(checkBackendUrl('http://', 'http://host:port')).toMatchObject({ ok: false, problem: expect.stringContaining('is not an address') });
    expect(checkBackendUrl('a b', 'http://host:port')).not.toHaveProperty('fix');
    expect(checkBackendUrl(`http://${'a'.repeat(3_000)}`, 'http://host:port')).toEqual({ ok: false, problem: 'The backend URL is 3,007 characters long: at most 2,048 are accepted.' });
  });
});
