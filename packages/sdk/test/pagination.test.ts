import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createClient, listAll, paginate, type MerchantClient } from '../src/index.ts';
import { envelope, errorEnvelope, startRecordingServer, type RecordingServer } from './helpers/recording-server.ts';

let server: RecordingServer;
let client: MerchantClient;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  client = createClient({ baseUrl: server.baseUrl, apiKey: 'pk_test', apiSecret: 'sk_test' });
});

const transactions = Array.from({ length: 5 }, (_, index) => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  amount: (index + 1) * 100,
  currency: 'KES',
  status: 'success',
}));

/** Serves `items` in pages of `limit`, with cursors that are opaque base64url offsets. */
function servePages(items: unknown[]): void {
  server.respond((request) => {
    const url = new URL(request.url, 'http://localhost');
    const limit = Number(url.searchParams.get('limit') ?? '50');
    const cursor = url.searchParams.get('cursor');
    const offset = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString('utf8'));
    const page = items.slice(offset, offset + limit);
    const next = offset + limit < items.length ? Buffer.from(String(offset + limit)).toString('base64url') : null;
    return { json: envelope(page, { next_cursor: next }) };
  });
}

describe('paginate', () => {
  it('follows meta.next_cursor until null, keeping the filters', async () => {
    servePages(transactions);
    const seen: number[] = [];
    for await (const transaction of paginate(client, '/transactions', { params: { query: { limit: 2, status: 'success' } } })) {
      seen.push(transaction.amount);
    }
    expect(seen).toEqual([100, 200, 300, 400, 500]);
    const urls = server.requests.map((request) => new URL(request.url, 'http://localhost'));
    expect(urls).toHaveLength(3);
    expect(urls.map((url) => url.searchParams.get('cursor'))).toEqual([null, 'Mg', 'NA']);
    for (const url of urls) {
      expect(url.searchParams.get('status')).toBe('success');
      expect(url.searchParams.get('limit')).toBe('2');
    }
    // Every page request is signed on its own.
    expect(new Set(server.requests.map((request) => request.headers['x-service-signature'])).size).toBeGreaterThan(0);
    expect(server.requests.every((request) => typeof request.headers['x-service-signature'] === 'string')).toBe(true);
  });

  it('resumes from a cursor the caller saved', async () => {
    servePages(transactions);
    const rest = await listAll(client, '/transactions', { params: { query: { limit: 2, cursor: 'Mg' } } });
    expect(rest.map((transaction) => transaction.amount)).toEqual([300, 400, 500]);
    expect(server.requests.map((request) => new URL(request.url, 'http://localhost').searchParams.get('cursor'))).toEqual([
      'Mg',
      'NA',
    ]);
  });

  it('stops after one request when the first page is the last', async () => {
    servePages(transactions.slice(0, 1));
    expect(await listAll(client, '/transactions')).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
  });

  it('yields nothing for an empty list', async () => {
    servePages([]);
    expect(await listAll(client, '/transactions', { params: { query: { limit: 10 } } })).toEqual([]);
  });

  it('stops early when the caller breaks, without fetching further pages', async () => {
    servePages(transactions);
    for await (const transaction of paginate(client, '/transactions', { params: { query: { limit: 2 } } })) {
      expect(transaction.amount).toBe(100);
      break;
    }
    expect(server.requests).toHaveLength(1);
  });

  it('throws an ApiError carrying status, code and request id when a page fails', async () => {
    let calls = 0;
    server.respond(() => {
      calls += 1;
      if (calls === 1) return { json: envelope(transactions.slice(0, 2), { next_cursor: 'tampered' }) };
      return { status: 422, json: errorEnvelope('VALIDATION_ERROR', 'cursor is not valid') };
    });
    const seen: unknown[] = [];
    const failure = await (async () => {
      try {
        for await (const transaction of paginate(client, '/transactions')) seen.push(transaction);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(seen).toHaveLength(2);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, code: 'VALIDATION_ERROR', requestId: 'req_error' });
  });

  it('refuses a server that repeats a cursor instead of looping forever', async () => {
    server.respond(() => ({ json: envelope(transactions.slice(0, 1), { next_cursor: 'same' }) }));
    await expect(listAll(client, '/transactions')).rejects.toThrow(/repeated an earlier cursor/);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses a response that is not a list envelope', async () => {
    server.respond(() => ({ json: envelope({ not: 'a list' }) }));
    await expect(listAll(client, '/transactions')).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });

  it('listAll stops at itemsMax', async () => {
    servePages(transactions);
    await expect(listAll(client, '/transactions', { params: { query: { limit: 2 } } }, { itemsMax: 3 })).rejects.toThrow(
      /stopped at 3 items/,
    );
  });
});
