// The schemathesis hooks sign in Python (payagg_signing.py), the SDK in TypeScript. If the two
// disagreed, the conformance run would test a signing scheme no real client uses, so they are
// compared on the same inputs (empty body, ASCII, non-ASCII UTF-8, raw non-UTF-8 bytes).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { signRequest, signRequestV2 } from '@payagg/sdk';
import { describe, expect, it } from 'vitest';
import { conformance_dir, repository_dir } from './support/paths.ts';

const python = path.join(repository_dir, '.venv/bin/python');

const cases: { name: string; body: Uint8Array }[] = [
  { name: 'empty body', body: new Uint8Array() },
  { name: 'ASCII JSON', body: new TextEncoder().encode('{"amount":150000,"currency":"KES"}') },
  { name: 'non-ASCII UTF-8', body: new TextEncoder().encode('{"reference":"Mama Njeri – café ☕"}') },
  { name: 'bytes that are not UTF-8', body: Uint8Array.from([0xff, 0xfe, 0x00, 0x7b]) },
];

describe.skipIf(!existsSync(python))('Python hook signing equals SDK signing', () => {
  for (const { name, body } of cases) {
    it(name, () => {
      const secret = 'sk_sandbox_parity_secret';
      const timestamp = '1795367331';
      const script = [
        'import sys',
        `sys.path.insert(0, ${JSON.stringify(conformance_dir)})`,
        'from payagg_signing import signature_of',
        'print(signature_of(sys.argv[1], sys.argv[2], bytes.fromhex(sys.argv[3])))',
      ].join('\n');
      const python_signature = execFileSync(python, ['-c', script, secret, timestamp, Buffer.from(body).toString('hex')], { encoding: 'utf8' }).trim();
      expect(python_signature).toMatch(/^[0-9a-f]{64}$/);
      expect(python_signature).toBe(signRequest({ secret, timestamp, body }));
    });
  }
});

// Version 2, as the hooks sign every merchant request: the request line is signed too.
const lines: { name: string; method: string; pathWithQuery: string; idempotencyKey: string }[] = [
  { name: 'GET with a query, no key', method: 'GET', pathWithQuery: '/v1/transactions?limit=10&status=success', idempotencyKey: '' },
  { name: 'POST with a key', method: 'POST', pathWithQuery: '/v1/collections/3f1c7a52-9a7e-4c55-8a55-0d6f3c1b2a10/refunds', idempotencyKey: '9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b' },
  { name: 'percent-encoded target, Latin-1 key', method: 'post', pathWithQuery: '/v1/a%20b?q=%C3%A9&x=a+b', idempotencyKey: 'clé' },
];

describe.skipIf(!existsSync(python))('Python hook signing equals SDK signing, version 2', () => {
  for (const line of lines) {
    for (const { name, body } of cases.slice(0, 3)) {
      it(`${line.name}, ${name}`, () => {
        const secret = 'sk_sandbox_parity_secret';
        const timestamp = '1795367331';
        const script = [
          'import sys',
          `sys.path.insert(0, ${JSON.stringify(conformance_dir)})`,
          'from payagg_signing import signature_v2_of',
          'print(signature_v2_of(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], bytes.fromhex(sys.argv[6])))',
        ].join('\n');
        const args = [secret, timestamp, line.method, line.pathWithQuery, line.idempotencyKey, Buffer.from(body).toString('hex')];
        const python_signature = execFileSync(python, ['-c', script, ...args], { encoding: 'utf8' }).trim();
        expect(python_signature).toMatch(/^[0-9a-f]{64}$/);
        expect(python_signature).toBe(signRequestV2({ secret, timestamp, ...line, body }));
      });
    }
  }
});
