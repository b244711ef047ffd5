// Requests Node's HTTP parser refuses before Express (issue 22 item 5; decision 0453): an
// over-long request target, an over-large header block, bytes that are not HTTP, conflicting
// framing. Each answer is the failure envelope with its own code and a request id matching
// X-Request-Id, never Node's empty-bodied status line. Raw sockets, so the bytes reach the parser
// exactly as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parserRefusalOf } from '../../src/http/client-error.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { rawSocketExchange, signedHeadersV2 } from '../helpers/raw-request.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

/** Node's default limit on the request line and headers together (http.maxHeaderSize). */
const headerLimitBytes = 16 * 1024;

function expectEnvelope(answer: Awaited<ReturnType<typeof rawSocketExchange>>, status: number, code: string) {
  expect(answer.status, answer.raw.slice(0, 200)).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(answer.text));
  expect(Object.keys(answer.body as object)).toEqual(['data', 'error', 'meta']);
  const body = answer.body as { data: unknown; error: { code: string; message: string }; meta: { request_id: string } };
  expect(body.data).toBeNull();
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(body.meta.request_id).toBe(answer.headers.get('x-request-id'));
}

describe('parser-level refusals answer the envelope', () => {
  it('an over-long request target: 414 URI_TOO_LONG', async () => {
    const target = `/v1/collections?reference=${'a'.repeat(headerLimitBytes + 100)}`;
    expectEnvelope(await rawSocketExchange(service.origin, `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`), 414, 'URI_TOO_LONG');
  });

  it('an over-large header block: 431 HEADERS_TOO_LARGE', async () => {
    const headers = Array.from({ length: 40 }, (_, i) => `X-Filler-${i}: ${'b'.repeat(500)}\r\n`).join('');
    expectEnvelope(await rawSocketExchange(service.origin, `GET /v1/collections HTTP/1.1\r\nHost: x\r\n${headers}\r\n`), 431, 'HEADERS_TOO_LARGE');
  });

  it('bytes that are not HTTP, and conflicting or broken framing: 400 BAD_REQUEST', async () => {
    for (const bytes of [
      'HELLO\r\n\r\n',
      'GET /v1/collections HTTP/9.9\r\nHost: x\r\n\r\n',
      'POST /v1/collections HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /v1/collections HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'GET /v1/collections HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n',
    ]) {
      expectEnvelope(await rawSocketExchange(service.origin, bytes), 400, 'BAD_REQUEST');
    }
  });

  it('a well-formed raw request is still answered by the app (the handler only sees parser failures)', async () => {
    const target = '/v1/escrow-holds';
    const headers = signedHeadersV2(service.key, { method: 'GET', pathWithQuery: target });
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    const answer = await rawSocketExchange(service.origin, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${lines}\r\n`);
    expect(answer.status).toBe(200);
    expect((answer.body as { error: unknown }).error).toBeNull();
  });

  it('maps each parser failure to its code', () => {
    const overflow = (packet: string) => Object.assign(new Error('Header overflow'), { code: 'HPE_HEADER_OVERFLOW', rawPacket: Buffer.from(packet) });
    expect(parserRefusalOf(overflow(`GET /${'a'.repeat(100)}`), 64).code).toBe('URI_TOO_LONG');
    expect(parserRefusalOf(overflow(`GET /${'a'.repeat(100)} HTTP/1.1\r\nHost: x\r\n`), 64).code).toBe('URI_TOO_LONG');
    expect(parserRefusalOf(overflow(`GET / HTTP/1.1\r\nX-A: ${'a'.repeat(100)}`), 64).code).toBe('HEADERS_TOO_LARGE');
    expect(parserRefusalOf(overflow(`${'a'.repeat(100)}`), 64).code).toBe('HEADERS_TOO_LARGE');
    expect(parserRefusalOf(Object.assign(new Error('t'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' })).code).toBe('REQUEST_TIMEOUT');
    expect(parserRefusalOf(Object.assign(new Error('c'), { code: 'HPE_CHUNK_EXTENSIONS_OVERFLOW' })).code).toBe('PAYLOAD_TOO_LARGE');
    expect(parserRefusalOf(Object.assign(new Error('x'), { code: 'HPE_INVALID_METHOD' })).code).toBe('BAD_REQUEST');
  });
});
