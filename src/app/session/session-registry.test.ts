// @vitest-environment jsdom
/**
 * Secrets: a token typed into the connect form stays in memory; it reaches sessionStorage
 * only when the person ticks "remember", and never localStorage. Recordings strip secret
 * keys from outbound commands.
 */
import { expect, test } from 'vitest';

import { rememberToken, tokenFor } from '@/app/session/session-registry';
import { FrameLog } from '@/ingest/frame-log';

test('a token is held in memory only unless "remember" is ticked', () => {
  rememberToken('http://a.test', 'tok-memory', false);
  expect(tokenFor('http://a.test')).toBe('tok-memory');
  expect(JSON.stringify({ ...sessionStorage })).not.toContain('tok-memory');
  expect(JSON.stringify({ ...localStorage })).not.toContain('tok-memory');
});

test('"remember" keeps it in sessionStorage for this tab, never localStorage', () => {
  rememberToken('http://b.test', 'tok-remembered', true);
  expect(JSON.stringify({ ...sessionStorage })).toContain('tok-remembered');
  expect(JSON.stringify({ ...localStorage })).not.toContain('tok-remembered');
});

test('the recording strips credentials from outbound commands', () => {
  const log = new FrameLog({ runboard: 1, dialect: 'relavium', transport: 'sse', source: 'http://a.test', startedAt: new Date(0).toISOString() }, 0);
  log.addCommand({ via: 'http', method: 'POST', path: '/x', headers: { Authorization: 'Bearer tok-secret' }, body: { token: 'tok-secret', nested: { api_key: 'tok-secret' } } }, 1);
  const text = log.toJsonl();
  expect(text).not.toContain('tok-secret');
  expect(text).toContain('[redacted]');
});
