/**
 * Keeps package-lock.json acceptable to `npm ci` on every platform.
 *
 * Why: the registry mirror this project is built against lacks some per-platform optional
 * packages (e.g. @tailwindcss/oxide-darwin-arm64). `npm install` then writes a lock whose
 * @tailwindcss/oxide entry names optional dependencies with no entry of their own, and
 * `npm ci` refuses that lock ("Missing: … from lock file"). An entry that states the
 * package's os/cpu is enough: npm skips it on every other platform and never downloads it.
 *
 * Run after any `npm install` that changes the lock: `npx tsx scripts/complete-lock.ts`.
 * tests/integration/lock-complete.test.ts fails when an entry is missing.
 */
import { readFileSync, writeFileSync } from 'node:fs';

type Platform = { os?: string[]; cpu: string[] };
type LockEntry = { version?: string; dev?: boolean; optionalDependencies?: Record<string, string> } & Record<string, unknown>;
export type Lock = { packages?: Record<string, LockEntry> } & Record<string, unknown>;
export type MissingEntry = { key: string; name: string; version: string; dev: boolean };

const PLATFORMS: Record<string, Platform> = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'] },
  'linux-x64-gnu': { os: ['linux'], cpu: ['x64'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};

/** Lock entries that optional dependencies name but the lock does not hold. */
export function missingOptionalEntries(lock: Lock): MissingEntry[] {
  const packages = lock.packages ?? {};
  const missing: MissingEntry[] = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      if (!packages[key] && !packages[`${path}/${key}`]) missing.push({ key, name, version, dev: entry.dev === true });
    }
  }
  return missing;
}

function platformOf(name: string): Platform | undefined {
  const suffix = Object.keys(PLATFORMS).find((p) => name.endsWith(`-${p}`));
  return suffix ? PLATFORMS[suffix] : undefined;
}

function completeLock(): void {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock & { packages: Record<string, LockEntry> };
  const missing = missingOptionalEntries(lock);
  for (const { key, name, version, dev } of missing) {
    const platform = platformOf(name);
    if (!platform) {
      console.error(`complete-lock: ${name} has no known platform; add it to PLATFORMS`);
      process.exitCode = 1;
      continue;
    }
    lock.packages[key] = { version, ...(dev ? { dev: true } : {}), optional: true, ...platform };
  }
  const entries = Object.entries(lock.packages);
  const root = entries.filter(([key]) => key === '');
  const rest = entries.filter(([key]) => key !== '').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  lock.packages = Object.fromEntries([...root, ...rest]);
  writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lock: ${missing.length} entr${missing.length === 1 ? 'y' : 'ies'} added`);
}

if (process.argv[1]?.endsWith('complete-lock.ts')) completeLock();
