// Unit checks of the small pure parts: configuration, signing, IP allow-lists, the secret box,
// the scope table against spec/, the error table against the spec's ErrorCode enum.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { signRequest, signRequestV2 } from '@payagg/sdk';
import { describe, expect, it } from 'vitest';
import { ipAllowed, parseIpAllowList } from '../../src/auth/ip-allow.ts';
import { postgresTarget } from '../../src/db/index.ts';
import { freePort } from '../../src/db/embedded.ts';
import { permissionsOf } from '../../src/auth/permissions.ts';
import type { Principal } from '../../src/auth/principal.ts';
import { assertMerchantActive } from '../../src/accounts/merchants.ts';
import { apiErrorOf } from '../../src/http/outcomes.ts';
import { Refusal } from '../../src/domain/outcomes.ts';
import { capabilityByRoute, capabilityOf, normalizedRouteKey, scopesAllow } from '../../src/auth/scopes.ts';
import {
  computeSignature,
  computeSignatureV2,
  parseTimestamp,
  signatureMatches,
  signatureMatchesV2,
  signatureVersionFromHeader,
  timestampWithinTolerance,
} from '../../src/auth/signature.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createSecretBox } from '../../src/crypto/secret-box.ts';
import { fieldPath } from '../../src/http/error-handler.ts';
import { ApiError, errorStatusByCode } from '../../src/http/errors.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';

const spec = loadSpec(path.join(loadConfig({}).specDir, 'merchant.yaml'), '/v1');

describe('loadConfig', () => {
  it('keeps idempotency records at least as long as a checkout session lives', () => {
    expect(loadConfig({}).checkoutSessionLifetimeMinutes).toBe(30);
    expect(loadConfig({}).idempotencyRetentionHours).toBe(24);
    expect(loadConfig({ CHECKOUT_SESSION_LIFETIME_MINUTES: '120', IDEMPOTENCY_RETENTION_HOURS: '2' }).checkoutSessionLifetimeMinutes).toBe(120);
    expect(() => loadConfig({ CHECKOUT_SESSION_LIFETIME_MINUTES: '121', IDEMPOTENCY_RETENTION_HOURS: '2' })).toThrow(ConfigError);
  });

  it('has named defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, databaseUrl: null, masterKey: null, signatureToleranceS: 300, bodyLimitBytes: 1_048_576, validateResponses: false });
    expect(c.dataDir).toBe(path.resolve('./.data'));
    expect(c.rateLimitPerSecond).toBeGreaterThan(0);
  });

  it('reads every variable', () => {
    const key = 'ab'.repeat(32);
    const c = loadConfig({ PORT: '9000', DATABASE_URL: 'postgres://x/y', DATA_DIR: '/tmp/d', MASTER_KEY: key, SIGNATURE_TOLERANCE_S: '60', BODY_LIMIT_BYTES: '2048', RATE_LIMIT_PER_SECOND: '0', RATE_LIMIT_BURST: '5', VALIDATE_RESPONSES: 'true', LOG_LEVEL: 'warn' });
    expect(c).toMatchObject({ port: 9000, databaseUrl: 'postgres://x/y', dataDir: '/tmp/d', signatureToleranceS: 60, bodyLimitBytes: 2048, rateLimitPerSecond: 0, rateLimitBurst: 5, validateResponses: true, logLevel: 'warn' });
    expect(c.masterKey?.toString('hex')).toBe(key);
  });

  it('refuses bad values with a message naming the variable', () => {
    for (const [name, value] of [['PORT', 'eighty'], ['PORT', '70000'], ['MASTER_KEY', 'short'], ['SIGNATURE_TOLERANCE_S', '0'], ['VALIDATE_RESPONSES', 'maybe'], ['LOG_LEVEL', 'loud'], ['RATE_LIMIT_PER_SECOND', '-1']] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});

describe('request signature', () => {
  const secret = 'sk_sandbox_test';
  it('matches the SDK signer byte for byte', () => {
    const body = Buffer.from('{"amount":1500,"note":"caf\u00e9"}');
    expect(computeSignature(secret, '1700000000', body)).toBe(signRequest({ secret, timestamp: 1_700_000_000, body }));
    expect(computeSignature(secret, '1700000000', Buffer.alloc(0))).toBe(signRequest({ secret, timestamp: '1700000000' }));
  });

  it('version 2 matches the SDK signer byte for byte, and binds each part of the request line', () => {
    const body = Buffer.from('{"amount":1000,"note":"caf\u00e9"}');
    const line = { method: 'post', pathWithQuery: '/v1/collections/3f1c7a52-9a7e-4c55-8a55-0d6f3c1b2a10/refunds?x=1', idempotencyKey: 'k-1' };
    const sig = computeSignatureV2(secret, '1700000000', line, body);
    expect(sig).toBe(signRequestV2({ secret, timestamp: 1_700_000_000, ...line, body }));
    expect(signatureMatchesV2(secret, '1700000000', { ...line, method: 'POST' }, body, sig)).toBe(true);
    for (const other of [{ method: 'PUT' }, { pathWithQuery: '/v1/collections' }, { pathWithQuery: line.pathWithQuery.replace('?x=1', '') }, { idempotencyKey: '' }]) {
      expect(signatureMatchesV2(secret, '1700000000', { ...line, ...other }, body, sig), JSON.stringify(other)).toBe(false);
    }
    expect(signatureMatchesV2(secret, '1700000001', line, body, sig)).toBe(false);
    expect(signatureMatchesV2(secret, '1700000000', line, Buffer.from('{}'), sig)).toBe(false);
    expect(signatureMatches(secret, '1700000000', body, sig)).toBe(false);
  });

  it('reads the signature version header: absent or "1" is 1, "2" is 2, anything else unknown', () => {
    expect(signatureVersionFromHeader(undefined)).toBe(1);
    expect(signatureVersionFromHeader('1')).toBe(1);
    expect(signatureVersionFromHeader('2')).toBe(2);
    for (const bad of ['', '0', '3', '02', 'v2', '2.0', ' 2', '1, 2']) expect(signatureVersionFromHeader(bad), bad).toBeNull();
  });

  it('verifies only the exact lowercase hex', () => {
    const sig = computeSignature(secret, '1', Buffer.from('x'));
    expect(signatureMatches(secret, '1', Buffer.from('x'), sig)).toBe(true);
    expect(signatureMatches(secret, '1', Buffer.from('x'), sig.toUpperCase())).toBe(false);
    expect(signatureMatches(secret, '1', Buffer.from('y'), sig)).toBe(false);
    expect(signatureMatches(secret, '2', Buffer.from('x'), sig)).toBe(false);
    expect(signatureMatches(secret, '1', Buffer.from('x'), undefined)).toBe(false);
  });

  it('parses Unix seconds only, and the window is 300 s both ways inclusive', () => {
    expect(parseTimestamp('1700000000')).toBe(1_700_000_000);
    for (const bad of [undefined, '', 'abc', '1.5', '-1', '1e9', ' 1', '1234567890123']) expect(parseTimestamp(bad)).toBeNull();
    const now = 1_700_000_000_000;
    expect(timestampWithinTolerance(1_700_000_000 - 300, now, 300)).toBe(true);
    expect(timestampWithinTolerance(1_700_000_000 + 300, now, 300)).toBe(true);
    expect(timestampWithinTolerance(1_700_000_000 - 301, now, 300)).toBe(false);
    expect(timestampWithinTolerance(1_700_000_000 + 301, now, 300)).toBe(false);
  });
});

describe('IP allow-list', () => {
  it('matches exact addresses and CIDR blocks, IPv4 and IPv6, and IPv4-mapped peers', () => {
    const list = parseIpAllowList(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32']);
    expect(ipAllowed(list, '203.0.113.7')).toBe(true);
    expect(ipAllowed(list, '::ffff:203.0.113.7')).toBe(true);
    expect(ipAllowed(list, '10.200.3.4')).toBe(true);
    expect(ipAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(list, '203.0.113.8')).toBe(false);
    expect(ipAllowed(list, '11.0.0.1')).toBe(false);
    expect(ipAllowed(list, undefined)).toBe(false);
  });

  it('refuses entries that are not addresses or blocks', () => {
    for (const bad of ['300.1.1.1', '10.0.0.0/33', 'example.com', '1.2.3.4/8/9', '', '::1/129']) {
      expect(() => parseIpAllowList([bad]), bad).toThrow();
    }
  });
});

describe('secret box', () => {
  it('round-trips, never contains the plaintext, and fails with another master key or a flipped bit', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('sk_sandbox_secret-value');
    expect(sealed.includes(Buffer.from('sk_sandbox_secret-value'))).toBe(false);
    expect(box.open(sealed)).toBe('sk_sandbox_secret-value');
    expect(box.seal('same').equals(box.seal('same'))).toBe(false);
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 1]! ^= 1;
    expect(() => box.open(flipped)).toThrow();
  });
});

describe('scope table', () => {
  it('gives every spec operation a capability, and names no route the spec lacks', () => {
    const inSpec = spec.operations.map(normalizedRouteKey).sort();
    expect(Object.keys(capabilityByRoute).sort()).toEqual(inSpec);
  });

  it('follows the seed: reads read-capable, writes write-capable, payouts payout-capable', () => {
    const allowed = (route: string, scopes: string[]) => {
      const capability = capabilityOf({ routeKey: route });
      return capability !== 'checkout_token' && scopesAllow(scopes, capability);
    };
    expect(allowed('GET /transactions', ['read'])).toBe(true);
    expect(allowed('GET /transactions', ['payout_only'])).toBe(false);
    expect(allowed('POST /collections/{id}/refunds', ['read'])).toBe(false);
    expect(allowed('POST /collections/{id}/refunds', ['write'])).toBe(true);
    expect(allowed('POST /payouts', ['write'])).toBe(false);
    expect(allowed('POST /payouts', ['payout_only'])).toBe(true);
    expect(allowed('POST /payouts/bulk', ['full'])).toBe(true);
    expect(allowed('GET /payouts/batches/{id}', ['payout_only'])).toBe(true);
    expect(capabilityOf({ routeKey: 'GET /checkout-sessions/{id}' })).toBe('checkout_token');
    expect(capabilityOf({ routeKey: 'POST /checkout-sessions/{id}/pay' })).toBe('checkout_token');
  });
});

describe('permissions and merchant status', () => {
  const principal = (user: Principal['user'], status: Principal['merchant']['status'] = 'active'): Principal => ({
    merchant: { id: 'm', name: 'M', status },
    apiKey: { id: 'k', key: 'pk', scopes: ['full'] },
    mode: 'sandbox',
    user,
  });
  it('a merchant-level key acts as admin; a disabled user holds nothing', () => {
    expect(permissionsOf(principal(null))).toContain('team:read');
    expect(permissionsOf(principal({ id: 'u', role: 'compliance', status: 'active' }))).toContain('team:read');
    expect(permissionsOf(principal({ id: 'u', role: 'admin', status: 'disabled' }))).toEqual([]);
  });
  it('a suspended or frozen merchant cannot transact (403 COMPLIANCE_HOLD)', () => {
    expect(() => assertMerchantActive(principal(null).merchant)).not.toThrow();
    for (const status of ['suspended', 'frozen'] as const) {
      try {
        assertMerchantActive(principal(null, status).merchant);
        throw new Error('expected a hold');
      } catch (error) {
        expect((error as Refusal).outcome).toBe('merchant_not_active');
        const answer = apiErrorOf(error as Refusal);
        expect(answer.code).toBe('COMPLIANCE_HOLD');
        expect(answer.status).toBe(403);
      }
    }
  });
});

describe('error table', () => {
  it('has exactly the codes of the spec ErrorCode enum, with the seed statuses', () => {
    const schemas = (spec.document.components as { schemas: Record<string, { enum?: string[] }> }).schemas;
    expect(Object.keys(errorStatusByCode).sort()).toEqual([...(schemas.ErrorCode?.enum ?? [])].sort());
    expect(new ApiError('AUTH_INVALID_KEY', 'x').status).toBe(401);
    expect(new ApiError('INSUFFICIENT_FUNDS', 'x').status).toBe(402);
    expect(new ApiError('RAIL_UNAVAILABLE', 'x').status).toBe(503);
  });

  it('turns validator paths into dotted field names', () => {
    expect(fieldPath('/body/amount')).toBe('body.amount');
    expect(fieldPath('/body/payouts/3/amount')).toBe('body.payouts.3.amount');
    expect(fieldPath('.query.limit')).toBe('query.limit');
    expect(fieldPath('/headers/idempotency-key')).toBe('header.idempotency-key');
    expect(fieldPath('/params/id')).toBe('path.id');
    expect(fieldPath(undefined)).toBe('request');
  });
});

describe('postgresTarget (libpq-style ?host=/dir for a Unix socket)', () => {
  it('turns a socket directory into the postgres.js path, named by the port, and leaves other URLs alone', () => {
    expect(postgresTarget('postgres://u:p@127.0.0.1:5433/db?host=%2Fvar%2Frun%2Fpostgresql')).toEqual({
      url: 'postgres://u:p@127.0.0.1:5433/db', path: '/var/run/postgresql/.s.PGSQL.5433',
    });
    expect(postgresTarget('postgres://u:p@localhost/db?host=/tmp&sslmode=disable')).toEqual({
      url: 'postgres://u:p@localhost/db?sslmode=disable', path: '/tmp/.s.PGSQL.5432',
    });
    expect(postgresTarget('postgres://u:p@db.internal:5432/db')).toEqual({ url: 'postgres://u:p@db.internal:5432/db' });
    expect(postgresTarget('postgres://u:p@db.internal:5432/db?host=db2')).toEqual({ url: 'postgres://u:p@db.internal:5432/db?host=db2' });
  });
});

describe('freePort for the embedded cluster', () => {
  it('skips the ports it must avoid (the service\'s own), and gives up rather than loop forever', async () => {
    const offered = [5000, 5000, 5001];
    expect(await freePort([5000], async () => offered.shift()!)).toBe(5001);
    expect(offered).toEqual([]);
    await expect(freePort([5000], async () => 5000)).rejects.toThrow(/no free port outside 5000/);
    const real = await freePort([]);
    expect(real).toBeGreaterThan(0);
  });
});
