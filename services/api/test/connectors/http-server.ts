// A tiny HTTP server on a free local port for the providers' emulators and the callback receiver
// the connector tests use (real sockets, real HTTP).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (request: IncomingMessage, body: Buffer, response: ServerResponse) => void | Promise<void>;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<RunningServer> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      Promise.resolve(handler(request, Buffer.concat(chunks), response)).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: String(error) }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export function sendJson(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

/** POSTs a JSON body to a URL, as a provider calls back (the answer is not awaited by the caller's logic). */
export async function postJson(url: string, body: unknown): Promise<number> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
