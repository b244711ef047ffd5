// Partners from the operator CLI (a real process: `partners create --name NAME --json`,
// `partners keys create`, `partners keys revoke KEY`), and the rate limits of partner keys
// (per key, as merchant keys; refused authentications in failure budgets of their own).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestService, startTestService } from '../helpers/service.ts';
import { createTestPartner, partnerBaseUrl, partnerClientFor } from './helpers.ts';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli.ts');

describe('partners from the CLI', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => {
    await service?.close();
  });

  function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(process.execPath, [cli, ...args],
        { env: { PATH: process.env.PATH ?? '', DATABASE_URL: service.databaseUrl, MASTER_KEY: service.masterKeyHex, ...env }, timeout: 30_000 },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }));
    });
  }

  it('partners create --json prints exactly partner_id, api_key and mode; the key works; only its digest is stored', async () => {
    const { code, stdout } = await run(['partners', 'create', '--name', 'CLI Partner', '--json']);
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as { partner_id: string; api_key: string; mode: string };
    expect(Object.keys(out)).toEqual(['partner_id', 'api_key', 'mode']);
    // A development server's default: a sandbox partner (docs/decisions/0440).
    expect(out.mode).toBe('sandbox');
    expect(out.api_key).toMatch(/^pak_[A-Za-z0-9]{48}$/);
    const client = partnerClientFor(service, out.api_key);
    const created = await client.POST('/wallets', { body: { externalUserId: 'cli-user', currency: 'KES' } });
    expect(created.response.status).toBe(200);
    const [row] = await service.sql<{ row_text: string }[]>`select k::text as row_text from partner_api_keys k where partner_id = ${out.partner_id}`;
    expect(row!.row_text).not.toContain(out.api_key.slice(4));
  }, 90_000);

  it('partners keys create adds a key; partners keys revoke refuses it from then on, the other key still works', async () => {
    const first = JSON.parse((await run(['partners', 'create', '--name', 'Rotating Partner', '--json'])).stdout) as { partner_id: string; api_key: string };
    const second = await run(['partners', 'keys', 'create', '--partner', first.partner_id, '--json']);
    expect(second.code).toBe(0);
    const secondKey = (JSON.parse(second.stdout) as { api_key: string }).api_key;
    const revoked = await run(['partners', 'keys', 'revoke', first.api_key]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).not.toContain(first.api_key);
    const refused = await partnerClientFor(service, first.api_key).POST('/wallets', { body: { externalUserId: 'x', currency: 'KES' } });
    expect(refused.response.status).toBe(401);
    expect(refused.error!.error.code).toBe('AUTH_INVALID_KEY');
    const ok = await partnerClientFor(service, secondKey).POST('/wallets', { body: { externalUserId: 'x', currency: 'KES' } });
    expect(ok.response.status).toBe(200);
    // Revoking again, or a key that never existed, is an error; a malformed key a usage error.
    expect((await run(['partners', 'keys', 'revoke', first.api_key])).code).toBe(1);
    expect((await run(['partners', 'keys', 'revoke', `pak_${'Z'.repeat(48)}`])).code).toBe(1);
    expect((await run(['partners', 'keys', 'revoke', 'not-a-key'])).code).toBe(2);
    expect((await run(['partners', 'create', '--json'])).code).toBe(2);
  }, 120_000);

  it('partners create --mode: a live partner may not deposit (403); PAYAGG_ENV=production defaults to live and refuses sandbox', async () => {
    const live = JSON.parse((await run(['partners', 'create', '--name', 'Live CLI Partner', '--mode', 'live', '--json'])).stdout) as { partner_id: string; api_key: string; mode: string };
    expect(live.mode).toBe('live');
    const client = partnerClientFor(service, live.api_key);
    const wallet = await client.POST('/wallets', { body: { externalUserId: 'live-user', currency: 'KES' } });
    expect(wallet.response.status).toBe(200);
    const refused = await client.POST('/wallets/{walletId}/deposits', { params: { path: { walletId: wallet.data!.data.id } }, body: { amount: 100, reference: 'x' } });
    expect(refused.response.status).toBe(403);
    expect(refused.error!.error.code).toBe('PERMISSION_DENIED');

    const production = { PAYAGG_ENV: 'production' };
    const byDefault = await run(['partners', 'create', '--name', 'Prod Partner', '--json'], production);
    expect(byDefault.code).toBe(0);
    expect((JSON.parse(byDefault.stdout) as { mode: string }).mode).toBe('live');
    const sandboxOnProduction = await run(['partners', 'create', '--name', 'Prod Sandbox', '--mode', 'sandbox', '--json'], production);
    expect(sandboxOnProduction.code).toBe(2);
    expect(sandboxOnProduction.stderr).toMatch(/PAYAGG_ENV=production has no sandbox/);
    // A key for a sandbox partner is refused there too (it could never be used).
    const sandboxPartner = JSON.parse((await run(['partners', 'create', '--name', 'Old Sandbox', '--json'])).stdout) as { partner_id: string };
    const keyOnProduction = await run(['partners', 'keys', 'create', '--partner', sandboxPartner.partner_id, '--json'], production);
    expect(keyOnProduction.code).toBe(1);
    expect(keyOnProduction.stderr).toMatch(/sandbox partner/);
    expect((await run(['partners', 'create', '--name', 'x', '--mode', 'test'])).code).toBe(2);
  }, 120_000);

  it('merchants create on PAYAGG_ENV=production: live by default, sandbox refused; keys create takes the merchant\'s mode', async () => {
    const production = { PAYAGG_ENV: 'production' };
    const created = await run(['merchants', 'create', '--name', 'First Live Merchant', '--json'], production);
    expect(created.code).toBe(0);
    const merchant = JSON.parse(created.stdout) as { merchant_id: string; api_key: string; mode: string };
    expect(merchant.mode).toBe('live');
    expect(merchant.api_key).toMatch(/^pk_live_/);
    expect((await run(['merchants', 'create', '--name', 'x', '--mode', 'sandbox', '--json'], production)).code).toBe(2);
    const key = await run(['keys', 'create', '--merchant', merchant.merchant_id, '--json']);
    expect(key.code).toBe(0);
    expect((JSON.parse(key.stdout) as { mode: string }).mode).toBe('live');
    const wrongMode = await run(['keys', 'create', '--merchant', merchant.merchant_id, '--mode', 'sandbox', '--json']);
    expect(wrongMode.code).toBe(2);
    expect(wrongMode.stderr).toMatch(/is a live merchant/);
  }, 120_000);
});

describe('rate limits of partner keys', () => {
  let service: TestService;
  // Budgets of 20 per 20 s window (decision 0520, on the wall clock): the bursts below take far less.
  const burst = 20;
  beforeAll(async () => {
    service = await startTestService({ env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: String(burst) } });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('answers 429 with Retry-After once a partner key has spent its burst; another partner key is unaffected', async () => {
    const partner = await createTestPartner(service, 'Busy Partner');
    const other = await createTestPartner(service, 'Quiet Partner');
    const walletId = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < burst + 1; i += 1) {
      statuses.push((await partner.client.GET('/wallets/{walletId}/balance', { params: { path: { walletId } } })).response.status);
    }
    expect(statuses).toEqual([...Array<number>(burst).fill(404), 429]);
    const limited = await partner.client.GET('/wallets/{walletId}/balance', { params: { path: { walletId } } });
    expect(limited.error!.error.code).toBe('RATE_LIMITED');
    expect(limited.response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect((await other.client.GET('/wallets/{walletId}/balance', { params: { path: { walletId } } })).response.status).toBe(404);
  });

  it('refused keys spend a failure budget of their own: 401s turn into 429s', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < burst + 2; i += 1) {
      const response = await fetch(`${partnerBaseUrl(service)}/wallets/${randomUUID()}/balance`, { headers: { 'x-api-key': `pak_${'Q'.repeat(48)}` } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(burst).fill(401), 429, 429]);
  });
});
