// Helpers of the payout tests: a funded wallet (a real collection, settled by the sandbox rail),
// destination tokenization and payout creation through the SDK, the job queue run to idle (sends
// and the sandbox payout rails' outcomes are jobs), and the ledger invariants.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';
import { runDueJobs } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { settledCollection } from '../collections/helpers.ts';

/** Outcomes and retries at once, so runJobs plays a payout's whole life. */
export const payoutTestEnv = { SANDBOX_PAYOUT_DELAY_MS: '0', SANDBOX_PAYOUT_SLOW_DELAY_MS: '0', PAYOUT_RETRY_SCHEDULE_MS: '0,0,0' };

export async function startPayoutService(env: Record<string, string> = {}): Promise<TestService> {
  return await startTestService({ env: { ...payoutTestEnv, ...env } });
}

/** The merchant's KES wallet after collecting `amount` (settled), and its id. */
export async function fundedWallet(service: TestService, client: MerchantClient, amount: number, currency = 'KES'): Promise<string> {
  const collection = await settledCollection(service, client, { amount, currency, rail: 'mobile_money', payer_phone: '+254712345678' });
  const wallets = await client.GET('/wallets', { params: { query: { owner_id: collection.merchant_id } } });
  const wallet = wallets.data!.data.find((w) => w.currency === currency);
  if (!wallet) throw new Error('no wallet after a settled collection');
  return wallet.id;
}

export async function available(client: MerchantClient, walletId: string): Promise<number> {
  const read = await client.GET('/wallets/{id}/balance', { params: { path: { id: walletId } } });
  if (read.response.status !== 200) throw new Error(`balance: ${read.response.status}`);
  return read.data!.data.available_balance as number;
}

export type DestinationBody = {
  destination_type: 'mobile_money' | 'bank' | 'card';
  country: string;
  currency: string;
  phone?: string;
  bank_code?: string;
  account_number?: string;
  account_name?: string;
  card_token?: string;
};

export async function tokenize(client: MerchantClient, body: DestinationBody) {
  return await client.POST('/payout-destinations', { body: body as never });
}

/** A mobile-money destination's ref; `phone` picks the sandbox scenario (docs/payouts.md). */
export async function destinationRef(client: MerchantClient, phone = '+254712346789'): Promise<string> {
  const created = await tokenize(client, { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone });
  if (created.response.status !== 200) throw new Error(`tokenize: ${created.response.status} ${JSON.stringify(created.error)}`);
  return created.data!.data.destination_ref;
}

export type PayoutBody = {
  wallet_id: string;
  destination_type: 'mobile_money' | 'bank' | 'card';
  destination_ref: string;
  amount: number;
  currency: string;
  scheduled_at?: string | null;
};

export async function createPayout(client: MerchantClient, body: PayoutBody, key: string = randomUUID()) {
  return await client.POST('/payouts', { body: body as never, params: { header: { 'Idempotency-Key': key } } });
}

export async function createBatch(client: MerchantClient, body: { wallet_id: string; payouts: Omit<PayoutBody, 'wallet_id'>[] }, key: string = randomUUID()) {
  return await client.POST('/payouts/bulk', { body: body as never, params: { header: { 'Idempotency-Key': key } } });
}

export async function payoutOf(client: MerchantClient, id: string) {
  const read = await client.GET('/payouts/{id}', { params: { path: { id } } });
  if (read.response.status !== 200) throw new Error(`payout read: ${read.response.status}`);
  return read.data!.data;
}

/** Runs every job due now (sends, outcomes, retries with a zero wait) until none is left. */
export async function runJobs(service: TestService): Promise<void> {
  await runDueJobs({ databaseUrl: service.databaseUrl, deps: service.runtime.jobDeps, logger: createLogger('silent') });
}

export async function expectLedgerInvariants(service: TestService): Promise<void> {
  const report = await service.runtime.ledger.checkInvariants();
  expect(report, JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).toMatchObject({ ok: true });
}
