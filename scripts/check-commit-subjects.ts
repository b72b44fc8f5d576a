/**
 * Commit subjects stay within 72 characters (the detail goes in the body), checked by `npm run lint`
 * for commits made after BASE; older history has longer subjects and is not rewritten. Where there is
 * no git history to read (an unpacked tarball, a shallow clone that stops after BASE) it says so and
 * passes: there is nothing it could check.
 */
import { execFileSync } from 'node:child_process';

const BASE = 'b6cc860';
const LIMIT = 72;

function git(...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
}

/** The subjects of commits after BASE that are too long, as `<hash> (<length>): <subject>`. */
export function longSubjects(log: string, limit = LIMIT): string[] {
  return log
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [hash = '', ...rest] = line.split('\t');
      return { hash, subject: rest.join('\t') };
    })
    .filter(({ subject }) => [...subject].length > limit)
    .map(({ hash, subject }) => `${hash} (${[...subject].length}): ${subject}`);
}

function main(): number {
  if (git('rev-parse', '--is-inside-work-tree')?.trim() !== 'true') {
    console.log('commit subjects: no git history here, not checked');
    return 0;
  }
  if (git('cat-file', '-e', `${BASE}^{commit}`) === undefined) {
    console.log(`commit subjects: ${BASE} is not in this history (a shallow clone?), not checked`);
    return 0;
  }
  const log = git('log', '--format=%h%x09%s', `${BASE}..HEAD`);
  if (log === undefined) {
    console.error('commit subjects: git log failed');
    return 1;
  }
  const long = longSubjects(log);
  if (long.length === 0) return 0;
  console.error(`commit subjects over ${LIMIT} characters (put the detail in the body):\n${long.map((l) => `  ${l}`).join('\n')}`);
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main();
