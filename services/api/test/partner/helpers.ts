// Partners for tests: a partner row and its key (the CLI's own domain calls), and a partner client
// (@payagg/sdk createPartnerClient) against the test service's /api/v1/partner.
import { randomUUID } from 'node:crypto';
import { createPartnerClient, type PartnerClient } from '@payagg/sdk';
import { expect } from 'vitest';
import { createPartnerKey, insertPartner } from '../../src/accounts/partners.ts';
import type { KeyMode } from '../../src/auth/principal.ts';
import type { TestService } from '../helpers/service.ts';

export type TestPartner = { partnerId: string; apiKey: string; client: PartnerClient };

export function partnerBaseUrl(service: TestService): string {
  return `${service.origin}/api/v1/partner`;
}

export function partnerClientFor(service: TestService, apiKey: string): PartnerClient {
  return createPartnerClient({ baseUrl: partnerBaseUrl(service), apiKey });
}

/** `mode`: the partner's, and so its key's (default sandbox; docs/decisions/0440). */
export async function createTestPartner(service: TestService, name = 'Test Partner', mode: KeyMode = 'sandbox'): Promise<TestPartner> {
  const partner = await insertPartner(service.sql, { name, mode });
  const key = await createPartnerKey(service.sql, partner.id);
  return { partnerId: partner.id, apiKey: key.api_key, client: partnerClientFor(service, key.api_key) };
}

export type Wallet = { id: string; externalUserId: string; currency: string; accountNumber: string; availableBalance: number; pendingBalance: number; createdAt: string };

export async function newWallet(client: PartnerClient, currency = 'KES', externalUserId = `user-${randomUUID()}`): Promise<Wallet> {
  const { data, error, response } = await client.POST('/wallets', { body: { externalUserId, currency } });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.data as Wallet;
}

export async function deposit(client: PartnerClient, walletId: string, amount: number, reference = 'top-up'): Promise<void> {
  const { error, response } = await client.POST('/wallets/{walletId}/deposits', { params: { path: { walletId } }, body: { amount, reference } });
  expect(response.status, JSON.stringify(error)).toBe(200);
}

export async function availableOf(client: PartnerClient, walletId: string): Promise<number> {
  const { data, error, response } = await client.GET('/wallets/{walletId}/balance', { params: { path: { walletId } } });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.data.availableBalance;
}

export type Row = { id: string; operationId: string; type: string; amount: number; currency: string; status: string; reference: string;
  counterpartyAccountNumber: string | null; balanceAfter: number; createdAt: string };

/** Every transaction of the wallet, following the cursor `limit` rows at a time. */
export async function allTransactions(client: PartnerClient, walletId: string, limit = 2): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages += 1) {
    const { data, error, response } = await client.GET('/wallets/{walletId}/transactions', {
      params: { path: { walletId }, query: { limit, ...(cursor ? { cursor } : {}) } },
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
    rows.push(...(data!.data as Row[]));
    if (data!.meta.next_cursor === null) return rows;
    cursor = data!.meta.next_cursor;
  }
  throw new Error('more than 1000 pages');
}
