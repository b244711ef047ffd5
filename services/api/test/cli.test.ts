// The operator CLI, spawned as a real process against the test database (DATABASE_URL).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@payagg/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestService, startTestService } from './helpers/service.ts';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/cli.ts');

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { env: { PATH: process.env.PATH ?? '', DATABASE_URL: service.databaseUrl, MASTER_KEY: service.masterKeyHex, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('payagg CLI', () => {
  it('merchants create --json prints exactly merchant_id, api_key, api_secret, mode, and the key works', async () => {
    const { code, stdout } = await run(['merchants', 'create', '--name', 'CLI Merchant', '--json']);
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(Object.keys(out)).toEqual(['merchant_id', 'api_key', 'api_secret', 'mode']);
    expect(out.mode).toBe('sandbox');
    expect(out.api_key).toMatch(/^pk_sandbox_[A-Za-z0-9]{24}$/);
    expect(out.api_secret).toMatch(/^sk_sandbox_/);
    const client = service.clientFor({ api_key: out.api_key, api_secret: out.api_secret } as never);
    expect((await client.GET('/users')).response.status).toBe(200);
  });

  it('stores the secret encrypted: the row holds no plaintext', async () => {
    const { stdout } = await run(['merchants', 'create', '--name', 'Sealed', '--json']);
    const out = JSON.parse(stdout);
    const [row] = await service.sql<{ secret_sealed: Buffer; row_text: string }[]>`select secret_sealed, k::text as row_text from api_keys k where key = ${out.api_key}`;
    expect(row!.secret_sealed.includes(Buffer.from(out.api_secret))).toBe(false);
    expect(row!.row_text).not.toContain(out.api_secret);
    expect(row!.row_text).not.toContain(out.api_secret.slice(11, 30));
  });

  it('keys create with scopes, mode, expiry, IP allow-list and user; keys revoke', async () => {
    // A live key needs a live merchant (a key has its merchant's mode: docs/decisions/0440).
    const liveMerchant = await service.createMerchant('Live CLI Merchant', 'live');
    const user = JSON.parse((await run(['users', 'create', '--merchant', liveMerchant.merchantId, '--email', 'ops@cli.example', '--role', 'finance'])).stdout);
    expect(user).toMatchObject({ merchant_id: liveMerchant.merchantId, email: 'ops@cli.example', role: 'finance', status: 'active', mfa_enabled: false });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await run(['keys', 'create', '--merchant', liveMerchant.merchantId, '--scopes', 'read,payout_only', '--mode', 'live', '--expires-at', expiresAt, '--ip-allow', '127.0.0.1,10.0.0.0/8', '--user', user.id, '--json']);
    expect(created.code).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key).toMatchObject({ merchant_id: liveMerchant.merchantId, mode: 'live', scopes: ['read', 'payout_only'], ip_allow: ['127.0.0.1', '10.0.0.0/8'], user_id: user.id });
    expect(key.api_key).toMatch(/^pk_live_/);
    const client = service.clientFor(key);
    expect((await client.GET('/users')).response.status).toBe(200);

    const revoked = await run(['keys', 'revoke', key.api_key]);
    expect(revoked.code).toBe(0);
    const after = await client.GET('/users');
    expect(after.response.status).toBe(401);
    expect(after.error?.error.code).toBe('AUTH_INVALID_KEY');
    expect((await run(['keys', 'revoke', key.api_key])).code).toBe(1);
  });

  it('keys create --signature-version 2 issues a key that refuses the seed scheme (401) and accepts version 2', async () => {
    const created = await run(['keys', 'create', '--merchant', service.merchantId, '--signature-version', '2', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key.signature_version_min).toBe(2);
    expect((await service.clientFor(key).GET('/users')).response.status).toBe(200);
    const v1 = createClient({ baseUrl: service.baseUrl, apiKey: key.api_key, apiSecret: key.api_secret, signatureVersion: 1 });
    const refused = await v1.GET('/users');
    expect(refused.response.status).toBe(401);
    expect(refused.error?.error.code).toBe('AUTH_SIGNATURE_MISMATCH');
    // Without the option a key accepts both, as every key issued before version 2 does.
    const plain = JSON.parse((await run(['keys', 'create', '--merchant', service.merchantId, '--json'])).stdout);
    expect(plain.signature_version_min).toBe(1);
  });

  it('keys set-signature-version changes an existing key, by key or by id, both ways', async () => {
    const key = JSON.parse((await run(['keys', 'create', '--merchant', service.merchantId, '--json'])).stdout);
    const v1 = createClient({ baseUrl: service.baseUrl, apiKey: key.api_key, apiSecret: key.api_secret, signatureVersion: 1 });
    expect((await v1.GET('/users')).response.status).toBe(200);

    const strict = await run(['keys', 'set-signature-version', key.api_key, '2']);
    expect(strict.code, strict.stderr).toBe(0);
    expect(JSON.parse(strict.stdout)).toEqual({ key_id: key.key_id, api_key: key.api_key, signature_version_min: 2 });
    // The test service has no key cache (AUTH_CACHE_TTL_MS=0): the next request sees it.
    expect((await v1.GET('/users')).response.status).toBe(401);
    expect((await service.clientFor(key).GET('/users')).response.status).toBe(200);

    const relaxed = await run(['keys', 'set-signature-version', key.key_id, '1']);
    expect(relaxed.code, relaxed.stderr).toBe(0);
    expect(JSON.parse(relaxed.stdout).signature_version_min).toBe(1);
    expect((await v1.GET('/users')).response.status).toBe(200);

    const missing = await run(['keys', 'set-signature-version', 'pk_sandbox_AAAAAAAAAAAAAAAAAAAAAAAA', '2']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no key pk_sandbox_A+/);
  });

  it('merchants create --signature-version 2 gives the first key the requirement', async () => {
    const out = JSON.parse((await run(['merchants', 'create', '--name', 'Strict Merchant', '--signature-version', '2', '--json'])).stdout);
    expect(Object.keys(out)).toEqual(['merchant_id', 'api_key', 'api_secret', 'mode']);
    expect(out.mode).toBe('sandbox');
    const [row] = await service.sql<{ signature_version_min: number }[]>`select signature_version_min from api_keys where key = ${out.api_key}`;
    expect(row!.signature_version_min).toBe(2);
    const v1 = createClient({ baseUrl: service.baseUrl, apiKey: out.api_key, apiSecret: out.api_secret, signatureVersion: 1 });
    expect((await v1.GET('/users')).response.status).toBe(401);
    expect((await service.clientFor(out).GET('/users')).response.status).toBe(200);
  });

  it('users create --disabled makes a user whose key is refused with 403', async () => {
    const user = JSON.parse((await run(['users', 'create', '--merchant', service.merchantId, '--email', 'gone@cli.example', '--role', 'admin', '--disabled'])).stdout);
    expect(user.status).toBe('disabled');
    const key = JSON.parse((await run(['keys', 'create', '--merchant', service.merchantId, '--user', user.id, '--json'])).stdout);
    expect((await service.clientFor(key).GET('/users')).response.status).toBe(403);
  });

  it('merchants set-status changes the status', async () => {
    const out = await run(['merchants', 'set-status', service.merchantId, 'frozen']);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ merchant_id: service.merchantId, status: 'frozen' });
    const [row] = await service.sql`select status from merchants where id = ${service.merchantId}`;
    expect(row!.status).toBe('frozen');
    await run(['merchants', 'set-status', service.merchantId, 'active']);
  });

  it('merchants fx-margin sets the margin quoted to the merchant, and --default clears it', async () => {
    const rate = async () => (await service.client.GET('/fx/rates', { params: { query: { base_currency: 'USD', quote_currency: 'KES' } } })).data!.data;
    expect((await rate()).margin_bps).toBe(150);
    const set = await run(['merchants', 'fx-margin', service.merchantId, '--bps', '40']);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ merchant_id: service.merchantId, fx_margin_bps: 40, uses_default: false });
    expect((await rate()).margin_bps).toBe(40);
    const cleared = await run(['merchants', 'fx-margin', service.merchantId, '--default']);
    expect(JSON.parse(cleared.stdout)).toEqual({ merchant_id: service.merchantId, fx_margin_bps: null, uses_default: true });
    expect((await rate()).margin_bps).toBe(150);
    for (const args of [['--bps', '2001'], ['--bps', '-1'], ['--bps', '1.5'], [], ['--bps', '10', '--default']]) {
      const out = await run(['merchants', 'fx-margin', service.merchantId, ...args]);
      expect(out.code, args.join(' ')).toBe(2);
    }
    expect((await run(['merchants', 'fx-margin', '00000000-0000-4000-8000-000000000000', '--bps', '10'])).code).toBe(1);
  }, 60_000);

  it('db migrate is idempotent', async () => {
    const out = await run(['db', 'migrate']);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ applied: [] });
  });

  it('usage errors exit 2 with a message', async () => {
    const cases: string[][] = [
      [],
      ['merchants', 'create'],
      ['merchants', 'create', '--name', 'x', '--mode', 'prod'],
      ['merchants', 'set-status', service.merchantId, 'closed'],
      ['keys', 'create', '--merchant', 'not-a-uuid'],
      ['keys', 'create', '--merchant', service.merchantId, '--scopes', 'admin'],
      ['keys', 'create', '--merchant', service.merchantId, '--ip-allow', '300.1.1.1'],
      ['keys', 'create', '--merchant', service.merchantId, '--expires-at', 'tomorrow'],
      ['users', 'create', '--merchant', service.merchantId, '--email', 'a@b.example', '--role', 'owner'],
      ['merchants', 'create', '--name', 'x', '--bogus'],
      ['merchants', 'create', '--name', 'x', '--signature-version', '3'],
      ['keys', 'create', '--merchant', service.merchantId, '--signature-version', 'v2'],
      ['keys', 'set-signature-version', service.key.api_key],
      ['keys', 'set-signature-version', service.key.api_key, '0'],
      ['keys', 'set-signature-version', service.key.api_key, '2', 'extra'],
      ['frobnicate'],
    ];
    for (const args of cases) {
      const out = await run(args);
      if (args.length === 0) {
        expect(out.code).toBe(0);
        expect(out.stdout).toContain('Usage');
        continue;
      }
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toMatch(/error: /);
    }
    // One CLI process per case, each a Node start: about a second apiece on a busy machine.
  }, 90_000);

  it('refuses a different MASTER_KEY instead of issuing keys nobody can verify', async () => {
    const out = await run(['merchants', 'create', '--name', 'Wrong Key', '--json'], { MASTER_KEY: 'ab'.repeat(32) });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/MASTER_KEY differs/);
  });
});
