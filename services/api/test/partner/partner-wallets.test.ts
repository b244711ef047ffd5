// The partner wallet API (/api/v1/partner) through the SDK's partner client against the real
// server: wallets with account numbers, balances and transaction lists read from the ledger,
// deposits and transfers, idempotency scoped to the partner, isolation between partners.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountNumberProblem } from '../../src/partner-wallets/account-numbers.ts';
import { expectLedgerInvariants } from '../collections/helpers.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import {
  allTransactions, availableOf, createTestPartner, deposit, newWallet, partnerBaseUrl, type TestPartner,
} from './helpers.ts';

let service: TestService;
let partner: TestPartner;
let other: TestPartner;

beforeAll(async () => {
  service = await startTestService();
  partner = await createTestPartner(service, 'Wallet Partner');
  other = await createTestPartner(service, 'Other Partner');
});
afterAll(async () => {
  await service?.close();
});

function fieldsOf(error: unknown): string[] {
  return ((error as { error: { details?: { fields?: { field: string }[] } } }).error.details?.fields ?? []).map((f) => f.field);
}

describe('wallets', () => {
  it('creates a wallet with a valid 10-digit account number and zero balances, in the envelope', async () => {
    const { data, response } = await partner.client.POST('/wallets', { body: { externalUserId: 'user-48213', currency: 'KES' } });
    expect(response.status).toBe(200);
    const wallet = data!.data;
    expect(wallet).toMatchObject({ externalUserId: 'user-48213', currency: 'KES', availableBalance: 0, pendingBalance: 0 });
    expect(wallet.accountNumber).toMatch(/^[0-9]{10}$/);
    expect(accountNumberProblem(wallet.accountNumber)).toBeNull();
    expect((data as unknown as { error: unknown }).error).toBeNull();
    expect(data!.meta.request_id).toBe(response.headers.get('x-request-id'));
    const read = await partner.client.GET('/wallets/{walletId}', { params: { path: { walletId: wallet.id } } });
    expect(read.data!.data).toEqual(wallet);
    const balance = await partner.client.GET('/wallets/{walletId}/balance', { params: { path: { walletId: wallet.id } } });
    expect(balance.data!.data).toMatchObject({ walletId: wallet.id, currency: 'KES', availableBalance: 0, pendingBalance: 0 });
    expect(Date.parse(balance.data!.data.updatedAt)).toBeGreaterThan(0);
    const listed = await partner.client.GET('/wallets/{walletId}/transactions', { params: { path: { walletId: wallet.id } } });
    expect(listed.data!.data).toEqual([]);
    expect(listed.data!.meta.next_cursor).toBeNull();
  });

  it('replays the same key and body (200, the same wallet); another body under that key is 409 IDEMPOTENCY_CONFLICT', async () => {
    const key = randomUUID();
    const body = { externalUserId: `user-${randomUUID()}`, currency: 'KES' };
    const first = await partner.client.POST('/wallets', { body, params: { header: { 'X-Idempotency-Key': key } } });
    const again = await partner.client.POST('/wallets', { body, params: { header: { 'X-Idempotency-Key': key } } });
    expect(again.response.status).toBe(200);
    expect(again.data!.data).toEqual(first.data!.data);
    const conflict = await partner.client.POST('/wallets', { body: { ...body, currency: 'NGN' }, params: { header: { 'X-Idempotency-Key': key } } });
    expect(conflict.response.status).toBe(409);
    expect(conflict.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');
    const [count] = await service.sql<{ n: number }[]>`select count(*)::int as n from partner_wallets where external_user_id = ${body.externalUserId}`;
    expect(count!.n).toBe(1);
  });

  it('keys are scoped to the partner: another partner may use the same key for its own wallet', async () => {
    const key = randomUUID();
    const body = { externalUserId: 'shared-user-id', currency: 'KES' };
    const mine = await partner.client.POST('/wallets', { body, params: { header: { 'X-Idempotency-Key': key } } });
    const theirs = await other.client.POST('/wallets', { body, params: { header: { 'X-Idempotency-Key': key } } });
    expect(mine.response.status).toBe(200);
    expect(theirs.response.status).toBe(200);
    expect(theirs.data!.data.id).not.toBe(mine.data!.data.id);
  });

  it('a second wallet for the same externalUserId and currency is 409 WALLET_EXISTS naming the existing wallet; another currency is fine', async () => {
    const externalUserId = `user-${randomUUID()}`;
    const first = await newWallet(partner.client, 'KES', externalUserId);
    const again = await partner.client.POST('/wallets', { body: { externalUserId, currency: 'KES' } });
    expect(again.response.status).toBe(409);
    expect(again.error!.error.code).toBe('WALLET_EXISTS');
    expect(fieldsOf(again.error)).toEqual(['body.externalUserId']);
    expect(again.error!.error.message).toContain(first.id);
    expect((await newWallet(partner.client, 'NGN', externalUserId)).currency).toBe('NGN');
  });

  it('refuses invalid bodies with 422 naming each field, and an unknown currency', async () => {
    const bad = await partner.client.POST('/wallets', { body: { externalUserId: '', currency: 'kes' } as never });
    expect(bad.response.status).toBe(422);
    expect(fieldsOf(bad.error).sort()).toEqual(['body.currency', 'body.externalUserId']);
    const unknown = await partner.client.POST('/wallets', { body: { externalUserId: 'u1', currency: 'XQQ' } });
    expect(unknown.response.status).toBe(422);
    expect(fieldsOf(unknown.error)).toEqual(['body.currency']);
    const missingKey = await fetch(`${partnerBaseUrl(service)}/wallets`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': partner.apiKey }, body: JSON.stringify({ externalUserId: 'u2', currency: 'KES' }),
    });
    expect(missingKey.status).toBe(422);
    expect(JSON.stringify(await missingKey.json())).toMatch(/x-idempotency-key/i);
  });

  it('creates at once for one externalUserId and currency under different keys: one wallet, the others 409 naming it', async () => {
    const externalUserId = `race-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => partner.client.POST('/wallets', { body: { externalUserId, currency: 'KES' } })));
    expect(results.map((r) => r.response.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.response.status === 200)!.data!.data.id;
    for (const loser of results.filter((r) => r.response.status === 409)) {
      expect(loser.error!.error.code).toBe('WALLET_EXISTS');
      expect(loser.error!.error.message).toContain(winner);
    }
    const [count] = await service.sql<{ n: number }[]>`select count(*)::int as n from partner_wallets where external_user_id = ${externalUserId}`;
    expect(count!.n).toBe(1);
  });

  it('allocates distinct account numbers to wallets created at once', async () => {
    const wallets = await Promise.all(Array.from({ length: 24 }, () => newWallet(partner.client)));
    const numbers = new Set(wallets.map((w) => w.accountNumber));
    expect(numbers.size).toBe(24);
    for (const number of numbers) expect(accountNumberProblem(number)).toBeNull();
  });
});

describe('authentication and isolation', () => {
  it('a missing, malformed, unknown or wrong-secret key is 401 AUTH_INVALID_KEY in the envelope, and no key is logged', async () => {
    const url = `${partnerBaseUrl(service)}/wallets/${randomUUID()}/balance`;
    const wrongSecret = `${partner.apiKey.slice(0, 20)}${'x'.repeat(32)}`;
    const unknown = `pak_${'A'.repeat(48)}`;
    for (const headers of [{}, { 'x-api-key': 'nope' }, { 'x-api-key': unknown }, { 'x-api-key': wrongSecret }] as Record<string, string>[]) {
      const response = await fetch(url, { headers });
      expect(response.status).toBe(401);
      const body = await response.json() as { data: unknown; error: { code: string }; meta: { request_id: string } };
      expect(body.data).toBeNull();
      expect(body.error.code).toBe('AUTH_INVALID_KEY');
      expect(body.meta.request_id).toBe(response.headers.get('x-request-id'));
    }
    const logged = JSON.stringify(service.logs);
    expect(logged).not.toContain(partner.apiKey);
    expect(logged).not.toContain(wrongSecret);
    expect(logged).not.toContain(partner.apiKey.slice(20));
  });

  it('a merchant credential does not open the partner family', async () => {
    const response = await fetch(`${partnerBaseUrl(service)}/wallets/${randomUUID()}/balance`, { headers: { 'x-service-key': service.key.api_key } });
    expect(response.status).toBe(401);
  });

  it('stores only a digest of the key', async () => {
    const rows = await service.sql<{ row_text: string }[]>`select k::text as row_text from partner_api_keys k where partner_id = ${partner.partnerId}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.row_text).not.toContain(partner.apiKey.slice(20));
  });

  it("another partner's wallet reads 404 everywhere, and cannot be moved from or to", async () => {
    const theirs = await newWallet(other.client);
    await deposit(other.client, theirs.id, 5_000);
    const mine = await newWallet(partner.client);
    await deposit(partner.client, mine.id, 5_000);
    const path = { params: { path: { walletId: theirs.id } } };
    for (const result of [
      await partner.client.GET('/wallets/{walletId}', path),
      await partner.client.GET('/wallets/{walletId}/balance', path),
      await partner.client.GET('/wallets/{walletId}/transactions', path),
      await partner.client.POST('/wallets/{walletId}/deposits', { ...path, body: { amount: 1, reference: 'x' } }),
    ]) {
      expect(result.response.status).toBe(404);
      expect(result.error!.error.code).toBe('RESOURCE_NOT_FOUND');
    }
    const from = await partner.client.POST('/transfers', { body: { fromWalletId: theirs.id, toWalletId: mine.id, amount: 100, reference: 'steal' } });
    expect(from.response.status).toBe(404);
    expect(fieldsOf(from.error)).toEqual(['body.fromWalletId']);
    const to = await partner.client.POST('/transfers', { body: { fromWalletId: mine.id, toAccountNumber: theirs.accountNumber, amount: 100, reference: 'out' } });
    expect(to.response.status).toBe(404);
    expect(fieldsOf(to.error)).toEqual(['body.toAccountNumber']);
    expect(await availableOf(other.client, theirs.id)).toBe(5_000);
    expect(await availableOf(partner.client, mine.id)).toBe(5_000);
  });

  it('a revoked key is 401 from then on', async () => {
    const temporary = await createTestPartner(service, 'Short-lived');
    const wallet = await newWallet(temporary.client);
    const { revokePartnerKey } = await import('../../src/accounts/partners.ts');
    expect(await revokePartnerKey(service.sql, temporary.apiKey)).toBe(true);
    const after = await temporary.client.GET('/wallets/{walletId}/balance', { params: { path: { walletId: wallet.id } } });
    expect(after.response.status).toBe(401);
    expect(after.error!.error.code).toBe('AUTH_INVALID_KEY');
  });
});

describe('deposits, transfers and the transaction list', () => {
  it('a deposit credits the wallet at once; balance and transactions agree to the minor unit', async () => {
    const wallet = await newWallet(partner.client);
    const { data, response } = await partner.client.POST('/wallets/{walletId}/deposits', {
      params: { path: { walletId: wallet.id } }, body: { amount: 300_000, reference: 'top-up-1' },
    });
    expect(response.status).toBe(200);
    expect(data!.data).toMatchObject({ walletId: wallet.id, amount: 300_000, currency: 'KES', status: 'success', reference: 'top-up-1' });
    expect(await availableOf(partner.client, wallet.id)).toBe(300_000);
    const rows = await allTransactions(partner.client, wallet.id);
    expect(rows).toEqual([expect.objectContaining({
      operationId: data!.data.id, type: 'deposit', amount: 300_000, currency: 'KES', status: 'success', reference: 'top-up-1',
      counterpartyAccountNumber: null, balanceAfter: 300_000,
    })]);
    await expectLedgerInvariants(service);
  });

  it('moves money between two wallets by id or account number; both lists and balances agree', async () => {
    const a = await newWallet(partner.client);
    const b = await newWallet(partner.client);
    await deposit(partner.client, a.id, 10_000, 'fund-a');
    const byId = await partner.client.POST('/transfers', { body: { fromWalletId: a.id, toWalletId: b.id, amount: 2_500, reference: 'rent' } });
    expect(byId.response.status).toBe(200);
    expect(byId.data!.data).toMatchObject({
      fromWalletId: a.id, fromAccountNumber: a.accountNumber, toWalletId: b.id, toAccountNumber: b.accountNumber,
      amount: 2_500, currency: 'KES', status: 'success', reference: 'rent',
    });
    const byNumber = await partner.client.POST('/transfers', { body: { fromAccountNumber: b.accountNumber, toAccountNumber: a.accountNumber, amount: 500, reference: 'change' } });
    expect(byNumber.response.status).toBe(200);
    expect(await availableOf(partner.client, a.id)).toBe(8_000);
    expect(await availableOf(partner.client, b.id)).toBe(2_000);

    const rowsA = await allTransactions(partner.client, a.id, 1);
    expect(rowsA.map((r) => [r.type, r.amount, r.balanceAfter, r.counterpartyAccountNumber, r.reference])).toEqual([
      ['transfer_in', 500, 8_000, b.accountNumber, 'change'],
      ['transfer_out', 2_500, 7_500, b.accountNumber, 'rent'],
      ['deposit', 10_000, 10_000, null, 'fund-a'],
    ]);
    const rowsB = await allTransactions(partner.client, b.id);
    expect(rowsB.map((r) => [r.type, r.amount, r.balanceAfter, r.counterpartyAccountNumber])).toEqual([
      ['transfer_out', 500, 2_000, a.accountNumber],
      ['transfer_in', 2_500, 2_500, a.accountNumber],
    ]);
    expect(rowsB[1]!.operationId).toBe(byId.data!.data.id);
    expect(rowsA[1]!.operationId).toBe(byId.data!.data.id);
    // Each row's balanceAfter follows from the one before it, and the newest is the balance.
    for (const rows of [rowsA, rowsB]) {
      let balance = 0;
      for (const row of [...rows].reverse()) {
        balance += row.type === 'deposit' || row.type === 'transfer_in' ? row.amount : -row.amount;
        expect(row.balanceAfter).toBe(balance);
      }
    }
    await expectLedgerInvariants(service);
  });

  it('402 INSUFFICIENT_FUNDS when the source does not cover the amount: nothing moved, the key is free again', async () => {
    const a = await newWallet(partner.client);
    const b = await newWallet(partner.client);
    await deposit(partner.client, a.id, 1_000);
    const key = randomUUID();
    const body = { fromWalletId: a.id, toWalletId: b.id, amount: 1_001, reference: 'too much' };
    const refused = await partner.client.POST('/transfers', { body, params: { header: { 'X-Idempotency-Key': key } } });
    expect(refused.response.status).toBe(402);
    expect(refused.error!.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await availableOf(partner.client, a.id)).toBe(1_000);
    expect(await availableOf(partner.client, b.id)).toBe(0);
    expect(await allTransactions(partner.client, b.id)).toEqual([]);
    // Funded since, the same key and body now go through (the refusal bound nothing).
    await deposit(partner.client, a.id, 1);
    const retried = await partner.client.POST('/transfers', { body, params: { header: { 'X-Idempotency-Key': key } } });
    expect(retried.response.status).toBe(200);
    expect(await availableOf(partner.client, a.id)).toBe(0);
    expect(await availableOf(partner.client, b.id)).toBe(1_001);
  });

  it('refuses with 422 naming each field: sides named twice or not at all, bad check digits, one wallet on both sides, two currencies, bad amounts', async () => {
    const a = await newWallet(partner.client);
    const ngn = await newWallet(partner.client, 'NGN');
    await deposit(partner.client, a.id, 1_000);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ amount: 1, reference: 'r' }, ['body.fromAccountNumber', 'body.fromWalletId', 'body.toAccountNumber', 'body.toWalletId']],
      [{ fromWalletId: a.id, fromAccountNumber: a.accountNumber, toWalletId: ngn.id, amount: 1, reference: 'r' }, ['body.fromAccountNumber', 'body.fromWalletId']],
      [{ fromWalletId: a.id, toAccountNumber: `${a.accountNumber.slice(0, 9)}${(Number(a.accountNumber[9]) + 1) % 10}`, amount: 1, reference: 'r' }, ['body.toAccountNumber']],
      [{ fromWalletId: a.id, toAccountNumber: a.accountNumber, amount: 1, reference: 'r' }, ['body.toAccountNumber']],
      [{ fromWalletId: a.id, toWalletId: ngn.id, amount: 1, reference: 'r' }, ['body.toWalletId']],
      [{ fromWalletId: a.id, toWalletId: ngn.id, amount: 0, reference: '' }, ['body.amount', 'body.reference']],
      [{ fromWalletId: a.id, toWalletId: ngn.id, amount: 1.5, reference: 'r' }, ['body.amount']],
      [{ fromWalletId: 'not-a-uuid', toAccountNumber: '123', amount: 1, reference: 'r' }, ['body.fromWalletId', 'body.toAccountNumber']],
    ];
    for (const [body, fields] of cases) {
      const result = await partner.client.POST('/transfers', { body: body as never });
      expect(result.response.status, JSON.stringify(body)).toBe(422);
      expect(result.error!.error.code).toBe('VALIDATION_ERROR');
      expect(fieldsOf(result.error).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const deposits = await partner.client.POST('/wallets/{walletId}/deposits', { params: { path: { walletId: a.id } }, body: { amount: -5, reference: 'r', extra: 1 } as never });
    expect(deposits.response.status).toBe(422);
    expect(fieldsOf(deposits.error).sort()).toEqual(['body.amount', 'body.extra']);
    expect(await availableOf(partner.client, a.id)).toBe(1_000);
  });

  it('concurrent transfers out of one wallet never take it below zero', async () => {
    const source = await newWallet(partner.client);
    const sinks = await Promise.all([newWallet(partner.client), newWallet(partner.client)]);
    await deposit(partner.client, source.id, 10_000);
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => partner.client.POST('/transfers', {
      body: { fromWalletId: source.id, toWalletId: sinks[i % 2]!.id, amount: 1_000, reference: `race-${i}` },
    })));
    const statuses = results.map((r) => r.response.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(14);
    expect(await availableOf(partner.client, source.id)).toBe(0);
    const sinkTotal = (await availableOf(partner.client, sinks[0]!.id)) + (await availableOf(partner.client, sinks[1]!.id));
    expect(sinkTotal).toBe(10_000);
    const rows = await allTransactions(partner.client, source.id, 7);
    expect(rows.filter((r) => r.type === 'transfer_out')).toHaveLength(10);
    expect(rows.map((r) => r.balanceAfter).every((b) => b >= 0)).toBe(true);
    await expectLedgerInvariants(service);
  });

  it('replays deposits and transfers under their keys (the money moves once); another body is 409', async () => {
    const a = await newWallet(partner.client);
    const b = await newWallet(partner.client);
    const depositKey = randomUUID();
    const depositBody = { amount: 4_000, reference: 'once' };
    const path = { path: { walletId: a.id } };
    const deposits = await Promise.all([1, 2, 3].map(() => partner.client.POST('/wallets/{walletId}/deposits', {
      params: { ...path, header: { 'X-Idempotency-Key': depositKey } }, body: depositBody,
    })));
    expect(deposits.map((d) => d.response.status)).toEqual([200, 200, 200]);
    expect(new Set(deposits.map((d) => d.data!.data.id)).size).toBe(1);
    expect(await availableOf(partner.client, a.id)).toBe(4_000);
    const conflict = await partner.client.POST('/wallets/{walletId}/deposits', {
      params: { ...path, header: { 'X-Idempotency-Key': depositKey } }, body: { ...depositBody, amount: 4_001 },
    });
    expect(conflict.response.status).toBe(409);
    expect(conflict.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');
    // The same key on another wallet's deposits is another operation: a conflict too.
    const elsewhere = await partner.client.POST('/wallets/{walletId}/deposits', {
      params: { path: { walletId: b.id }, header: { 'X-Idempotency-Key': depositKey } }, body: depositBody,
    });
    expect(elsewhere.response.status).toBe(409);

    const transferKey = randomUUID();
    const body = { fromWalletId: a.id, toWalletId: b.id, amount: 1_500, reference: 'once' };
    const first = await partner.client.POST('/transfers', { body, params: { header: { 'X-Idempotency-Key': transferKey } } });
    const replay = await partner.client.POST('/transfers', { body, params: { header: { 'X-Idempotency-Key': transferKey } } });
    expect(replay.response.status).toBe(200);
    expect(replay.data!.data).toEqual(first.data!.data);
    const other409 = await partner.client.POST('/transfers', { body: { ...body, amount: 1_501 }, params: { header: { 'X-Idempotency-Key': transferKey } } });
    expect(other409.response.status).toBe(409);
    expect(other409.error!.error.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await availableOf(partner.client, a.id)).toBe(2_500);
    expect(await availableOf(partner.client, b.id)).toBe(1_500);
    expect((await allTransactions(partner.client, a.id)).map((r) => r.type)).toEqual(['transfer_out', 'deposit']);
  });

  it('pages newest first with a cursor bound to its wallet; limits are clamped', async () => {
    const a = await newWallet(partner.client);
    const b = await newWallet(partner.client);
    for (let i = 1; i <= 5; i += 1) await deposit(partner.client, a.id, i * 100, `d${i}`);
    const rows = await allTransactions(partner.client, a.id, 2);
    expect(rows.map((r) => r.reference)).toEqual(['d5', 'd4', 'd3', 'd2', 'd1']);
    expect(rows.map((r) => r.balanceAfter)).toEqual([1_500, 1_000, 600, 300, 100]);
    const first = await partner.client.GET('/wallets/{walletId}/transactions', { params: { path: { walletId: a.id }, query: { limit: 2 } } });
    const cursor = first.data!.meta.next_cursor!;
    expect(cursor).toBeTruthy();
    const foreign = await partner.client.GET('/wallets/{walletId}/transactions', { params: { path: { walletId: b.id }, query: { cursor } } });
    expect(foreign.response.status).toBe(422);
    expect(fieldsOf(foreign.error)).toEqual(['query.cursor']);
    const clamped = await partner.client.GET('/wallets/{walletId}/transactions', { params: { path: { walletId: a.id }, query: { limit: 0 } } });
    expect(clamped.data!.data).toHaveLength(1);
    const big = await partner.client.GET('/wallets/{walletId}/transactions', { params: { path: { walletId: a.id }, query: { limit: 1000 } } });
    expect(big.data!.data).toHaveLength(5);
    expect(big.data!.meta.next_cursor).toBeNull();
  });
});
