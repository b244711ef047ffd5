import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signRequest, signedHeaders } from '../src/index.ts';

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

function reference_hmac(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

describe('signRequest', () => {
  for (const vector of vectors) {
    it(`matches the reference vector: ${vector.name}`, () => {
      const hex = signRequest({ secret: vector.secret, timestamp: vector.timestamp, body: vector.body });
      expect(hex).toBe(vector.hex);
      expect(hex).toBe(reference_hmac(vector.secret, String(vector.timestamp), vector.body));
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

describe('signedHeaders', () => {
  it('uses Unix seconds of the clock, floored', () => {
    const headers = signedHeaders({ apiKey: 'pk_1', apiSecret: 'sk_test_secret', body: '', now: () => 1700000000999 });
    expect(headers).toEqual({
      'X-Service-Key': 'pk_1',
      'X-Service-Timestamp': '1700000000',
      'X-Service-Signature': vectors[1]!.hex,
    });
  });
});
