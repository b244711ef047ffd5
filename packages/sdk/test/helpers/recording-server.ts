// A real HTTP server on a random local port that records every request (method, path, headers,
// raw body bytes) and answers with whatever the test's responder returns. Tests talk to it with
// the real global fetch, so the SDK is exercised exactly as in production.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query as received, e.g. `/v1/transactions?limit=2`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  /** Drop the connection without answering (a network failure for the client). */
  destroy?: boolean;
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export type Responder = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface RecordingServer {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  requests: RecordedRequest[];
  respond: (responder: Responder) => void;
  close: () => Promise<void>;
}

const defaultResponder: Responder = () => ({
  status: 200,
  json: { data: {}, error: null, meta: { request_id: 'req_test' } },
});

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let responder = defaultResponder;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      try {
        const reply = await responder(recorded);
        if (reply.destroy) {
          req.socket.destroy();
          return;
        }
        const text = JSON.stringify(reply.json ?? null);
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(text);
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    respond: (next) => {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function envelope(data: unknown, meta: Record<string, unknown> = {}): unknown {
  return { data, error: null, meta: { request_id: 'req_test', ...meta } };
}

export function errorEnvelope(code: string, message: string): unknown {
  return { data: null, error: { code, message }, meta: { request_id: 'req_error' } };
}
