import { readFileSync } from 'node:fs';

import { expect, test } from 'vitest';

import { missingOptionalEntries, type Lock } from '../../scripts/complete-lock';

test('package-lock.json has an entry for every optional dependency it names (npm ci refuses it otherwise)', () => {
  const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as Lock;
  // A failure here: run `npx tsx scripts/complete-lock.ts` after the npm install that dropped them.
  expect(missingOptionalEntries(lock).map((entry) => entry.name)).toEqual([]);
});

test('the check finds an optional dependency the lock does not hold', () => {
  const lock: Lock = { packages: { '': {}, 'node_modules/a': { version: '1.0.0', optionalDependencies: { 'a-darwin-x64': '1.0.0' } } } };
  expect(missingOptionalEntries(lock)).toEqual([{ key: 'node_modules/a-darwin-x64', name: 'a-darwin-x64', version: '1.0.0', dev: false }]);
});
