/**
 * A tiny TCP front on 127.0.0.1 for the multi-pod test: each client connection is forwarded
 * to the first pod (in order) that accepts it, so a client keeps one URL while pods die, as
 * behind a load balancer. Bytes pass untouched both ways; when either side closes, so does
 * the other.
 */
import { connect, createServer, type Socket } from 'node:net';

export type TcpFront = Readonly<{ url: string; close: () => Promise<void> }>;

export async function startTcpFront(targetPorts: readonly number[]): Promise<TcpFront> {
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };

  function forward(client: Socket, index: number) {
    const port = targetPorts[index];
    if (port === undefined) return void client.destroy();
    const upstream = connect(port, '127.0.0.1');
    let connected = false;
    track(upstream);
    upstream.once('error', () => {
      // Not accepted (a dead pod): try the next one; once piped, an error just ends both.
      if (!connected) forward(client, index + 1);
      else client.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      client.pipe(upstream);
      upstream.pipe(client);
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
    });
  }

  const server = createServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    client.pause();
    forward(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the front has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
