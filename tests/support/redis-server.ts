/**
 * A real `redis-server` (the Debian package; `.ci/run` installs it) for the multi-pod test,
 * started on a free port with no persistence and killed by `stop()`. Missing redis-server is
 * a failure with a clear message, never a skip: CI installs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer, Socket } from 'node:net';

export type RedisServer = Readonly<{ url: string; stop: () => Promise<void> }>;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true)).once('error', () => done(false));
    socket.connect(port, '127.0.0.1');
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new Error('redis-server is not installed: the multi-pod test needs a real Redis (Debian: apt-get install redis-server; .ci/run installs it)');
  }
  const port = await freePort();
  const child = spawn('redis-server', ['--save', '', '--appendonly', 'no', '--port', String(port), '--bind', '127.0.0.1'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() - started > 10_000) throw new Error(`redis-server did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
