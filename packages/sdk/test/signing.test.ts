import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pathWithQueryOf, signRequest, signRequestV2, signedHeaders } from '../src/index.ts';

// Reference HMACs, written down once from `openssl dgst -sha256 -hmac <secret>` over
// `<timestamp>.<body>`, so a change in encoding shows up even if node:crypto agreed with itself.
const vectors = [
  {
    name: 'JSON body',
    secret: 'sk_test_secret',
    timestamp: 1700000000,
    body: '{"amount":150000,"currency":"KES"}',
    hex: 'ac229a359ad60a7233ec0470a04ca2e21403808fd911118d6e71a75c1895f4a4',
  },
  {
    name: 'no body signs the empty string',
    secret: 'sk_test_secret',
    timestamp: 1700000000,
    body: '',
    hex: '836b9373ad764878b0651cc65776d402c9ca7e45ef2958dd816f9dd255fa3b5f',
  },
  {
    name: 'non-ASCII body and secret are UTF-8',
    secret: 'whsec_ü',
    timestamp: 1700000123,
    body: '{"reference":"café ☕"}',
    hex: '7153edd315bf95576e2432c2a3e44d8dffa2d6cead1469b3db4f9b2a9c9c4dca',
  },
];

function referenceHmac(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

describe('signRequest', () => {
  for (const vector of vectors) {
    it(`matches the reference vector: ${vector.name}`, () => {
      const hex = signRequest({ secret: vector.secret, timestamp: vector.timestamp, body: vector.body });
      expect(hex).toBe(vector.hex);
      expect(hex).toBe(referenceHmac(vector.secret, String(vector.timestamp), vector.body));
      expect(hex).toMatch(/^[0-9a-f]{64}$/);
    });
  }

  it('signs bytes and text identically', () => {
    const [vector] = vectors;
    const bytes = new TextEncoder().encode(vector!.body);
    expect(signRequest({ secret: vector!.secret, timestamp: vector!.timestamp, body: bytes })).toBe(vector!.hex);
    expect(signRequest({ secret: vector!.secret, timestamp: vector!.timestamp, body: Buffer.from(bytes) })).toBe(
      vector!.hex,
    );
    expect(signRequest({ secret: vector!.secret, timestamp: vector!.timestamp, body: bytes.buffer })).toBe(vector!.hex);
  });

  it('treats an absent body as the empty string', () => {
    const expected = vectors[1]!.hex;
    expect(signRequest({ secret: 'sk_test_secret', timestamp: 1700000000 })).toBe(expected);
    expect(signRequest({ secret: 'sk_test_secret', timestamp: '1700000000', body: null })).toBe(expected);
  });

  it('rejects a timestamp that is not whole Unix seconds', () => {
    expect(() => signRequest({ secret: 's', timestamp: 1700000000.5, body: '' })).toThrow(RangeError);
    expect(() => signRequest({ secret: 's', timestamp: -1, body: '' })).toThrow(RangeError);
  });
});

// Version 2 reference HMACs, from `printf '%s' '<timestamp>.<METHOD>.<path>.<key>.<body>' |
// openssl dgst -sha256 -hmac <secret>`.
const vectorsV2 = [
  {
    name: 'a refund: method, path, idempotency key and body',
    secret: 'sk_test_secret',
    timestamp: 1700000000,
    method: 'POST',
    pathWithQuery: '/v1/collections/3f1c7a52-9a7e-4c55-8a55-0d6f3c1b2a10/refunds',
    idempotencyKey: 'refund-1',
    body: '{"amount":1000}',
    hex: '24b9c50e36d7b5ca0681467d79eb9f6403fb8cef4fb93dd243fd526dedaaba10',
  },
  {
    name: 'a GET with a query, no key, no body',
    secret: 'sk_test_secret',
    timestamp: 1700000000,
    method: 'GET',
    pathWithQuery: '/v1/transactions?limit=10',
    idempotencyKey: undefined,
    body: undefined,
    hex: '43ea231e14bcaa625582d3e8b2cb8bae384e149c0b912c0fe28bee1bd57119b6',
  },
  {
    name: 'non-ASCII body and secret are UTF-8',
    secret: 'whsec_ü',
    timestamp: 1700000123,
    method: 'POST',
    pathWithQuery: '/v1/collections',
    idempotencyKey: 'order-42',
    body: '{"reference":"café ☕"}',
    hex: 'a14ff6f75db8deec7ad8baa96e324df03dd315ed440cb91bb316128d8de0ebf2',
  },
];

describe('signRequestV2', () => {
  for (const vector of vectorsV2) {
    it(`matches the reference vector: ${vector.name}`, () => {
      expect(signRequestV2(vector)).toBe(vector.hex);
    });
  }

  it('signs the method in upper case, and an absent, null or empty key alike', () => {
    const vector = vectorsV2[1]!;
    expect(signRequestV2({ ...vector, method: 'get' })).toBe(vector.hex);
    expect(signRequestV2({ ...vector, idempotencyKey: null })).toBe(vector.hex);
    expect(signRequestV2({ ...vector, idempotencyKey: '' })).toBe(vector.hex);
  });

  it('differs from version 1 and with each part of the request line', () => {
    const vector = vectorsV2[0]!;
    const signatures = new Set([
      signRequestV2(vector),
      signRequest(vector),
      signRequestV2({ ...vector, method: 'PUT' }),
      signRequestV2({ ...vector, pathWithQuery: '/v1/collections/00000000-0000-4000-8000-000000000000/refunds' }),
      signRequestV2({ ...vector, pathWithQuery: `${vector.pathWithQuery}?x=1` }),
      signRequestV2({ ...vector, idempotencyKey: 'refund-2' }),
      signRequestV2({ ...vector, body: '{"amount":1001}' }),
    ]);
    expect(signatures.size).toBe(7);
  });

  it('refuses a full URL where the request target belongs', () => {
    expect(() => signRequestV2({ ...vectorsV2[1]!, pathWithQuery: 'https://api.example/v1/users' })).toThrow(/starting with "\/"/);
  });
});

describe('pathWithQueryOf', () => {
  it('is the path and query fetch sends, without the fragment', () => {
    expect(pathWithQueryOf('https://api.example/v1/transactions?limit=10#top')).toBe('/v1/transactions?limit=10');
    expect(pathWithQueryOf(new URL('http://127.0.0.1:8080/v1/users'))).toBe('/v1/users');
    expect(pathWithQueryOf('http://h/v1/a b?q=é')).toBe('/v1/a%20b?q=%C3%A9');
  });
});

describe('signedHeaders', () => {
  it('signs version 2 by default, saying so in X-Service-Signature-Version', () => {
    const vector = vectorsV2[0]!;
    const headers = signedHeaders({
      apiKey: 'pk_1',
      apiSecret: vector.secret,
      method: vector.method,
      pathWithQuery: vector.pathWithQuery,
      idempotencyKey: vector.idempotencyKey,
      body: vector.body,
      now: () => 1700000000999,
    });
    expect(headers).toEqual({
      'X-Service-Key': 'pk_1',
      'X-Service-Timestamp': '1700000000',
      'X-Service-Signature': vector.hex,
      'X-Service-Signature-Version': '2',
    });
  });

  it('signs version 1 when asked, with no version header, using Unix seconds of the clock, floored', () => {
    const headers = signedHeaders({ signatureVersion: 1, apiKey: 'pk_1', apiSecret: 'sk_test_secret', body: '', now: () => 1700000000999 });
    expect(headers).toEqual({
      'X-Service-Key': 'pk_1',
      'X-Service-Timestamp': '1700000000',
      'X-Service-Signature': vectors[1]!.hex,
    });
  });

  it('needs the request line for version 2 (a type error without it)', () => {
    // @ts-expect-error version 2 (the default) needs method and pathWithQuery
    expect(() => signedHeaders({ apiKey: 'pk_1', apiSecret: 's', body: '' })).toThrow();
  });
});
