// A system with every kind of money row the ledger verification reads beyond the basics of
// verify-ledger.test.ts, built through the real APIs: a split payment with an escrowed leg and a
// partial refund (held and wallet parts), a cross-currency payout (conversion held in the payout's
// chain, then posted), and a partner's wallets with a deposit, a same-currency transfer, a
// cross-currency transfer at a locked rate and a withdrawal paid out. Shared by the PostgreSQL
// tampering tests and the TigerBeetle agreement test.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';
import { verifyLedger } from '../../src/ledger-verification/ledger-verification.ts';
import type { VerificationReport } from '../../src/ledger-verification/violations.ts';
import { deliverAll, refund, settledCollection, succeeding_payer } from '../collections/helpers.ts';
import { lockRate } from '../fx/helpers.ts';
import type { TestService } from '../helpers/service.ts';
import { createPayout, destinationRef, runJobs } from '../payouts/helpers.ts';
import { createTestPartner, deposit, newWallet } from '../partner/helpers.ts';

/** The fixed clock the FX tests use: the sandbox's rates and locks are read at it. */
export const scenarioClockMs = Date.parse('2026-11-24T01:00:30.000Z');

export type Scenario = {
  splitRefundId: string; payoutId: string; payoutConversionId: string;
  partnerWalletIds: { kes: string; kes2: string; ngn: string };
  depositId: string; transferId: string; fxTransferId: string; fxConversionId: string; withdrawalId: string;
};

async function subMerchant(client: MerchantClient): Promise<string> {
  const created = await client.POST('/sub-merchants', {
    body: { display_name: 'Seller', type: 'individual', country: 'KE' }, params: { header: { 'Idempotency-Key': randomUUID() } },
  });
  return created.data!.data.id;
}

async function splitRefund(service: TestService): Promise<string> {
  const sm = await subMerchant(service.client);
  const rule = (await service.client.POST('/split-rules', { body: {
    name: 'Marketplace', rule_type: 'percentage',
    recipients: [{ recipient_type: 'sub_merchant', value: 80, escrow: true, escrow_release_condition: 'manual' }, { recipient_type: 'platform', value: 20 }],
  } as never })).data!.data;
  const collection = await settledCollection(service, service.client, { amount: 10_001, currency: 'KES', rail: 'card', payer_card_token: 'tok_sandbox_success', sub_merchant_id: sm, split_rule_id: rule.id } as never);
  const refunded = await refund(service.client, collection.id, { amount: 3_001 });
  expect(refunded.response.status).toBe(200);
  return refunded.data!.data.id;
}

async function crossCurrencyPayout(service: TestService): Promise<{ payoutId: string; conversionId: string }> {
  const funded = await settledCollection(service, service.client, { amount: 500_000, currency: 'USD', rail: 'card', ...succeeding_payer.card });
  const wallets = await service.client.GET('/wallets', { params: { query: { owner_id: funded.merchant_id } } });
  const usdWallet = wallets.data!.data.find((w) => w.currency === 'USD')!.id;
  const locked = await lockRate(service.client, 'USD', 'KES');
  expect(locked.response.status).toBe(200);
  const created = await createPayout(service.client, {
    wallet_id: usdWallet, destination_type: 'mobile_money', destination_ref: await destinationRef(service.client), amount: 100_000, currency: 'KES',
    fx_rate_lock_id: locked.data!.data.id,
  } as never);
  expect([200, 201], JSON.stringify(created.error)).toContain(created.response.status);
  const payoutId = created.data!.data.id;
  const [conversion] = await service.sql<{ id: string }[]>`select id from fx_conversions where purpose = 'payout' and purpose_id = ${payoutId}`;
  return { payoutId, conversionId: conversion!.id };
}

async function partnerMoves(service: TestService): Promise<Omit<Scenario, 'splitRefundId' | 'payoutId' | 'payoutConversionId'>> {
  const partner = await createTestPartner(service, 'Verified Partner');
  const [kes, kes2, ngn] = [await newWallet(partner.client, 'KES'), await newWallet(partner.client, 'KES'), await newWallet(partner.client, 'NGN')];
  await deposit(partner.client, kes.id, 100_000, 'verified top-up');
  const moved = await partner.client.POST('/transfers', { body: { fromWalletId: kes.id, toWalletId: kes2.id, amount: 7_000, reference: 'same currency' } });
  expect(moved.response.status, JSON.stringify(moved.error)).toBe(200);
  const rateLock = await partner.client.POST('/fx/rate-locks', { body: { baseCurrency: 'KES', quoteCurrency: 'NGN' } });
  expect(rateLock.response.status).toBe(200);
  const converted = await partner.client.POST('/transfers', { body: { fromWalletId: kes.id, toWalletId: ngn.id, amount: 12_345, reference: 'fx', fxRateLockId: rateLock.data!.data.id } });
  expect(converted.response.status, JSON.stringify(converted.error)).toBe(200);
  const dest = await partner.client.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712346789' } });
  const withdrawn = await partner.client.POST('/wallets/{walletId}/withdrawals', {
    params: { path: { walletId: kes.id }, header: { 'X-Idempotency-Key': randomUUID() } },
    body: { amount: 5_000, destinationRef: dest.data!.data.destinationRef, reference: 'cash out' },
  });
  expect(withdrawn.response.status, JSON.stringify(withdrawn.error)).toBe(200);
  const [depositRow] = await service.sql<{ id: string }[]>`select id from partner_movements where kind = 'deposit' and to_wallet_id = ${kes.id}`;
  const [conversion] = await service.sql<{ id: string }[]>`select fx_conversion_id as id from partner_movements where id = ${converted.data!.data.id}`;
  return {
    partnerWalletIds: { kes: kes.id, kes2: kes2.id, ngn: ngn.id }, depositId: depositRow!.id,
    transferId: moved.data!.data.id, fxTransferId: converted.data!.data.id, fxConversionId: conversion!.id, withdrawalId: withdrawn.data!.data.id,
  };
}

export async function buildScenario(service: TestService): Promise<Scenario> {
  const splitRefundId = await splitRefund(service);
  const payout = await crossCurrencyPayout(service);
  const partner = await partnerMoves(service);
  await deliverAll(service); // the refund's outcome
  await runJobs(service); // the payout's and the withdrawal's sends and outcomes
  return { splitRefundId, payoutId: payout.payoutId, payoutConversionId: payout.conversionId, ...partner };
}

export async function verify(service: TestService, engine: VerificationReport['engine']): Promise<VerificationReport> {
  return await verifyLedger({ sql: service.sql, ledger: service.runtime.ledger, engine, now: Date.now });
}
