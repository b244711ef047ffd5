// Receivers that answer what a database cannot store as it is, or that a strict HTTP parser
// refuses, and a database that fails between an attempt and its record (issue 22, items 4 and 6).
// Every delivery must end recorded, none may exceed the 6 attempts, a receiver must see each event
// the number of times its answers call for, and one bad outcome must never strand the others of
// its round. Real receivers on loopback, a real PostgreSQL; failures are injected in the database
// itself (a trigger, refused connections), never by replacing a part of the service.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { snippetOf, storableText, webhookResponseSnippetCharsMax } from '../../src/webhooks/delivery-client.ts';
import { isDataError } from '../../src/webhooks/outcome-recording.ts';
import type { TestService } from '../helpers/service.ts';
import { deliveriesOf, emitMany, eventIdOf, kycEndpointFor, startReceiver, startWebhookService, waitFor, type DeliveryRecord, type Receiver } from './helpers.ts';

// Real time: receivers, leases that must expire, retries. A minute each before a test is called hung.
vi.setConfig({ testTimeout: 90_000 });

/** The automatic attempts of the seed's schedule (5 waits): the bound no delivery may pass. */
const attemptsMax = 6;

/** How many times each event id reached the receiver's path. */
function arrivals(receiver: Receiver, path: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const delivery of receiver.at(path)) counts.set(eventIdOf(delivery.rawBody), (counts.get(eventIdOf(delivery.rawBody)) ?? 0) + 1);
  return counts;
}

/** Waits until every delivery of the endpoint is terminal (succeeded or exhausted). */
async function settled(service: TestService, endpointId: string, count: number, timeoutMs = 60_000): Promise<DeliveryRecord[]> {
  return await waitFor(`${count} settled deliveries`, async () => {
    const rows = await deliveriesOf(service, endpointId);
    return rows.length === count && rows.every((row) => row.status === 'succeeded' || row.status === 'exhausted') ? rows : null;
  }, timeoutMs);
}

/** A server on loopback that writes raw bytes as its answer, once it has read the request. */
async function startRawServer(answer: (socket: net.Socket) => void): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const headerEnd = buffered.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(buffered.subarray(0, headerEnd).toString('latin1'))?.[1] ?? 0);
      if (buffered.length < headerEnd + 4 + length) return;
      buffered = buffered.subarray(headerEnd + 4 + length);
      requests += 1;
      answer(socket);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/raw`,
    requests: () => requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('storable text (pure)', () => {
  it('turns NUL and lone surrogates into U+FFFD and keeps pairs whole', () => {
    expect(storableText('a\u0000b', 10)).toBe('a\uFFFDb');
    expect(storableText('x\uD83D', 10)).toBe('x\uFFFD');
    expect(storableText('\uDE00y', 10)).toBe('\uFFFDy');
    expect(storableText('\u{1F600}\u{1F600}\u{1F600}', 2)).toBe('\u{1F600}\u{1F600}');
    expect(storableText('plain', 3)).toBe('pla');
  });

  it('decodes bytes as UTF-8, every byte outside a valid sequence as U+FFFD', () => {
    expect(snippetOf(Buffer.from('caf\u00e9 \u{1F600}'))).toBe('caf\u00e9 \u{1F600}');
    expect(snippetOf(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe('caf\uFFFD');
    expect(snippetOf(Buffer.from([0xef, 0xbb, 0xbf, 0x41]))).toBe('\uFEFFA');
    expect(snippetOf(Buffer.alloc(5000, 0))).toBe('\uFFFD'.repeat(webhookResponseSnippetCharsMax));
  });

  it('tells a refused statement (record outcome by outcome) from a failing database (try again)', () => {
    expect(isDataError({ code: '22021' })).toBe(true);
    expect(isDataError({ code: 'P0001' })).toBe(true);
    expect(isDataError({ code: '23505' })).toBe(true);
    for (const code of ['57P01', '08006', '55000', '53300', 'CONNECTION_CLOSED', 'ECONNREFUSED', 'EPIPE', undefined]) {
      expect(isDataError({ code }), String(code)).toBe(false);
    }
    expect(isDataError(null)).toBe(false);
  });
});

describe('answers that cannot be stored as they came', () => {
  let service: TestService;
  let receiver: Receiver;
  beforeAll(async () => { [service, receiver] = await Promise.all([startWebhookService(), startReceiver()]); });
  afterAll(async () => { await receiver?.close(); await service?.close(); });

  it('a 2xx with NUL bytes is delivered once, and the clean deliveries of its round are not stranded', async () => {
    let poisoned = '';
    receiver.behave('/nul', (_n, delivery) => (eventIdOf(delivery.rawBody) === poisoned
      ? { status: 200, body: 'ok\u0000after\u0000' }
      : { status: 200, body: 'ok' }));
    const { merchant, endpoint } = await kycEndpointFor(service, receiver.url('/nul'));
    const ids = await emitMany(service, merchant.merchantId, 6);
    poisoned = ids[0]!;
    const rows = await settled(service, endpoint.id, 6, 20_000);
    expect(rows.map((row) => row.status)).toEqual(Array(6).fill('succeeded'));
    expect(rows.map((row) => row.attempt_count)).toEqual(Array(6).fill(1));
    expect([...arrivals(receiver, '/nul').values()]).toEqual(Array(6).fill(1));
    // NUL cannot be stored in a PostgreSQL text value; it is kept visible as U+FFFD.
    expect(rows.find((row) => row.event_id === poisoned)!.last_response_snippet).toBe('ok\uFFFDafter\uFFFD');
    // And the API answers it (the response is validated against the spec in tests).
    const { data, response } = await merchant.client.GET('/webhooks/{id}/deliveries', { params: { path: { id: endpoint.id } } });
    expect(response.status).toBe(200);
    expect(data!.data.map((d) => d.last_response_snippet).sort()).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok\uFFFDafter\uFFFD']);
  });

  it('bytes that are not UTF-8 in a failed answer are stored as U+FFFD; the retry follows the schedule', async () => {
    const invalid = Buffer.concat([
      Buffer.from('bad:'), Buffer.from([0xc3, 0x28]), Buffer.from([0xff, 0xfe]), Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(':end'), Buffer.from([0xf0, 0x9f, 0x98]),
    ]);
    receiver.behave('/latin', (n) => (n === 1 ? { status: 500, body: invalid } : { status: 200, body: Buffer.from([0x00, 0xe9]) }));
    const { merchant, endpoint } = await kycEndpointFor(service, receiver.url('/latin'));
    await emitMany(service, merchant.merchantId, 1);
    const failed = await waitFor('a failed delivery', async () => (await deliveriesOf(service, endpoint.id)).find((row) => row.status === 'failed'));
    expect(failed.attempt_count).toBe(1);
    expect(failed.last_response_code).toBe(500);
    expect(failed.last_response_snippet).not.toContain('\u0000');
    expect(failed.last_response_snippet).toMatch(/^bad:\uFFFD\(\uFFFD+:end\uFFFD+$/u);
    const [done] = await settled(service, endpoint.id, 1);
    expect(done).toMatchObject({ status: 'succeeded', attempt_count: 2, last_response_snippet: '\uFFFD\uFFFD' });
    expect(receiver.at('/latin')).toHaveLength(2);
  });

  it('a multi-megabyte answer: at most 1024 characters kept (never half a character), delivered once', async () => {
    const emoji = '\u{1F600}'.repeat(300_000); // 1.2 MB of 4-byte characters
    receiver.behave('/huge', { status: 200, body: emoji });
    const { merchant, endpoint } = await kycEndpointFor(service, receiver.url('/huge'));
    await emitMany(service, merchant.merchantId, 1);
    const [done] = await settled(service, endpoint.id, 1);
    expect(done).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    expect([...done!.last_response_snippet!]).toHaveLength(webhookResponseSnippetCharsMax);
    expect(done!.last_response_snippet).toBe('\u{1F600}'.repeat(webhookResponseSnippetCharsMax));
    expect(receiver.at('/huge')).toHaveLength(1);
  });

  it('a slow multi-megabyte answer: the first bytes decide, the rest is never read; delivered once', async () => {
    // 8 MiB written in 64 KiB chunks, one every 20 ms: about 2.6 s in all, longer than the 1 s
    // per-attempt timeout, so waiting for its end would fail every attempt.
    const chunk = Buffer.alloc(64 * 1024, 'z');
    let closedEarly = 0;
    let requests = 0;
    const slow = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        requests += 1;
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(128 * chunk.length) });
        let sent = 0;
        const timer = setInterval(() => {
          if (res.destroyed || sent === 128) {
            clearInterval(timer);
            if (sent < 128) closedEarly += 1;
            res.end();
            return;
          }
          res.write(chunk);
          sent += 1;
        }, 20);
        res.on('close', () => { if (sent < 128) { clearInterval(timer); closedEarly += 1; } });
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const { merchant, endpoint } = await kycEndpointFor(service, `http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow`);
      await emitMany(service, merchant.merchantId, 1);
      const [done] = await settled(service, endpoint.id, 1);
      expect(done).toMatchObject({ status: 'succeeded', attempt_count: 1, last_response_snippet: 'z'.repeat(webhookResponseSnippetCharsMax) });
      expect(requests).toBe(1);
      await waitFor('the receiver to see its answer cut short', () => closedEarly >= 1);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('a 2xx whose body trickles (a byte per 100 ms) is no complete answer in time: failed, retried, then delivered', async () => {
    let requests = 0;
    const trickle = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        requests += 1;
        if (requests > 1) return void res.writeHead(200).end('fast');
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        const timer = setInterval(() => res.write('.'), 100);
        res.on('close', () => clearInterval(timer));
      });
    });
    await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
    try {
      const { merchant, endpoint } = await kycEndpointFor(service, `http://127.0.0.1:${(trickle.address() as AddressInfo).port}/trickle`);
      await emitMany(service, merchant.merchantId, 1);
      const [done] = await settled(service, endpoint.id, 1);
      expect(done).toMatchObject({ status: 'succeeded', attempt_count: 2, last_response_snippet: 'fast' });
      expect(requests).toBe(2);
    } finally {
      trickle.closeAllConnections();
      await new Promise<void>((resolve) => trickle.close(() => resolve()));
    }
  });

  it('a 2xx with odd but valid headers is delivered once', async () => {
    receiver.behave('/odd-headers', {
      status: 299,
      headers: {
        'Content-Type': 'text/html; charset=iso-8859-1',
        'X-Latin1': Buffer.from([0x63, 0x61, 0x66, 0xe9]).toString('latin1'),
        'X-Long': 'v'.repeat(8_000),
        'Retry-After': 'whenever',
        Location: 'javascript:alert(1)',
        ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`X-Many-${i}`, String(i)])),
      },
      body: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x00]),
    });
    const { merchant, endpoint } = await kycEndpointFor(service, receiver.url('/odd-headers'));
    const ids = await emitMany(service, merchant.merchantId, 3);
    const rows = await settled(service, endpoint.id, 3);
    expect(rows.map((row) => [row.status, row.attempt_count, row.last_response_code, row.last_response_snippet]))
      .toEqual(Array(3).fill(['succeeded', 1, 299, 'caf\uFFFD\uFFFD']));
    expect(new Set(receiver.at('/odd-headers').map((d) => eventIdOf(d.rawBody)))).toEqual(new Set(ids));
    expect(receiver.at('/odd-headers')).toHaveLength(3);
  });

  it.each([
    ['a NUL byte in a header', 'HTTP/1.1 200 OK\r\nX-Bad: a\u0000b\r\nContent-Length: 2\r\n\r\nok'],
    ['two different Content-Lengths', 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nok'],
    ['a status line that is not HTTP', 'HTTP/1.1 2OO OK\r\nContent-Length: 2\r\n\r\nok'],
  ])('a "2xx" that is not valid HTTP (%s) fails each attempt and is exhausted after exactly 6', async (_name, raw) => {
    const server = await startRawServer((socket) => socket.end(Buffer.from(raw, 'latin1')));
    try {
      const { merchant, endpoint } = await kycEndpointFor(service, server.url);
      await emitMany(service, merchant.merchantId, 1);
      const [done] = await settled(service, endpoint.id, 1);
      expect(done).toMatchObject({ status: 'exhausted', attempt_count: attemptsMax, last_response_code: null });
      expect(done!.last_error).toMatch(/^the answer is not valid HTTP/);
      expect(server.requests()).toBe(attemptsMax);
    } finally {
      await server.close();
    }
  });
});
