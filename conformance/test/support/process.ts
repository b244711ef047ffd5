// Small helpers for child processes and ports.
import net from 'node:net';

// Pause between two polls of a condition.
const poll_interval_ms = 100;

/** A TCP port that was free a moment ago (listen on 0, read the port, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it returns a non-null value; throws `describe()` after `timeout_ms`. */
export async function waitFor<T>(probe: () => T | null | Promise<T | null>, timeout_ms: number, describe: () => string): Promise<T> {
  const deadline = Date.now() + timeout_ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, poll_interval_ms));
  }
}
