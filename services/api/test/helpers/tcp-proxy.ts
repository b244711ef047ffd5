// A TCP proxy a test can cut: every connection through it is forwarded to `target` until cut(),
// which destroys them all and stops listening, so the next connection is refused. Lets a test
// take a database away from one process (a real network failure) while the run's PostgreSQL,
// shared by other tests, goes on.
import net from 'node:net';

export type TcpProxy = { port: number; cut(): Promise<void> };

/** `target`: a TCP address, or a Unix socket's path (the embedded cluster's URLs use one). */
export async function startTcpProxy(target: { host: string; port: number } | { path: string }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = 'path' in target ? net.connect(target.path) : net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
