// @vitest-environment jsdom
/**
 * What a tab keeps for a reload (reload-resume.ts): the dialect's keys only, once all are
 * known, in sessionStorage (never localStorage); anything unreadable is nothing kept.
 */
import { beforeEach, expect, test } from 'vitest';

import { keepResume, keptResume } from '@/session/reload-resume';

const KEYS = ['signed_state', 'session_id'];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

test('keeps the dialect keys once all are known, for this run key only, in sessionStorage', () => {
  keepResume('run-a', KEYS, { session_id: 's1' });
  expect(keptResume('run-a', KEYS)).toBeUndefined();
  keepResume('run-a', KEYS, { session_id: 's1', signed_state: { signature: 'sig' }, watching: 'no' });
  expect(keptResume('run-a', KEYS)).toEqual({ session_id: 's1', signed_state: { signature: 'sig' } });
  expect(keptResume('run-b', KEYS)).toBeUndefined();
  expect(localStorage.length).toBe(0);
});

test('the latest state replaces the one before', () => {
  keepResume('run-a', KEYS, { session_id: 's1', signed_state: 'old' });
  keepResume('run-a', KEYS, { session_id: 's2', signed_state: 'new' });
  expect(keptResume('run-a', KEYS)).toEqual({ session_id: 's2', signed_state: 'new' });
});

test('unreadable or partial storage, or a dialect that keeps nothing, resumes nothing', () => {
  sessionStorage.setItem('runboard.resume.run-a', '{not json');
  expect(keptResume('run-a', KEYS)).toBeUndefined();
  sessionStorage.setItem('runboard.resume.run-a', JSON.stringify({ session_id: 's1' }));
  expect(keptResume('run-a', KEYS)).toBeUndefined();
  expect(keptResume('run-a', undefined)).toBeUndefined();
});
