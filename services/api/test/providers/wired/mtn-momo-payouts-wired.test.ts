// MTN MoMo disbursements wired end to end (issue 24): built from MTN_MOMO_* and routed by
// PROVIDER_ROUTES as deployed, through the public APIs. A payout is a Disbursement transfer keyed
// by its attempt's X-Reference-Id; when MoMo never calls back, the routing's status poll (GET
// /disbursement/v1_0/transfer/{referenceId}) settles it, once. A transfer that fails on MoMo's
// side (NOT_ENOUGH_FUNDS in our float: transient) is retried as a new attempt at the next
// provider of the route, never again at MoMo (decision 0761). A partner withdrawal goes to MoMo
// too, and is polled like a payout (decision 0762). The emulator (test/connectors/mtn-momo/
// emulator.ts) follows https://momodeveloper.mtn.com/api-documentation over real HTTP.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestService } from '../../helpers/service.ts';
import { createPayout, payoutTestEnv, runJobs, tokenize } from '../../payouts/helpers.ts';
import type { MomoEmulator } from '../../connectors/mtn-momo/emulator.ts';
import { createTestPartner, deposit, newWallet, availableOf as partnerAvailable, type TestPartner } from '../../partner/helpers.ts';
import { payoutAttemptUuid } from '../../../src/payout-rails/attempt-reference.ts';
import { pollProviderStatuses } from '../../../src/provider-routing/status-polls.ts';
import { availableOf, cardFundedWallet, eventCounts, expectBooksBalanced, payoutRow, payoutStatus, playUntil } from './payout-helpers.ts';
import { startMomoWired } from './wired-services.ts';

let service: TestService;
let emulator: MomoEmulator;
let walletId: string;
let partner: TestPartner;

beforeAll(async () => {
  ({ service, emulator } = await startMomoWired({ ...payoutTestEnv, PROVIDER_ROUTES: 'payout mobile_money UGX * = mtn_momo, sandbox' }));
  walletId = await cardFundedWallet(service, 'UGX', 5_000_000);
  partner = await createTestPartner(service, 'MoMo Partner');
}, 60_000);
afterAll(async () => {
  await service?.close();
  await emulator?.close();
});
beforeEach(() => {
  Object.assign(emulator.failures, { down: false, timeoutAfterAcceptMs: null, neverCallBack: false, duplicateCallback: false });
});

async function ugandaRef(phone: string): Promise<string> {
  const created = await tokenize(service.client, { destination_type: 'mobile_money', country: 'UG', currency: 'UGX', phone });
  expect(created.response.status, JSON.stringify(created.error)).toBe(200);
  return created.data!.data.destination_ref;
}

async function payout(amount: number, ref: string): Promise<string> {
  const created = await createPayout(service.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount, currency: 'UGX' });
  expect(created.response.status, JSON.stringify(created.error)).toBe(200);
  return created.data!.data.id;
}

/** Ages what is pending and runs the status poll until `done` (bounded): MoMo becomes final after finalDelayMs. */
async function pollUntil(done: () => Promise<boolean>, table: 'payouts' | 'partner_movements', id: string): Promise<boolean> {
  for (let round = 0; round < 100; round += 1) {
    if (await done()) return true;
    await service.sql`update ${service.sql(table)} set updated_at = now() - interval '1 hour' where id = ${id}`;
    await service.sql`update provider_status_polls set next_poll_at = now() where resource_id = ${id}`;
    await pollProviderStatuses(service.runtime.jobDeps);
    await runJobs(service);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  return await done();
}

describe('MTN MoMo disbursements through the public API', () => {
  it('settles a transfer whose callback never comes by the status poll, once', async () => {
    emulator.failures.neverCallBack = true;
    const ref = await ugandaRef('+256772123456');
    const before = await availableOf(service, walletId);
    const transfers = emulator.created.transfer;
    const id = await payout(70_000, ref);
    await runJobs(service);
    expect(await payoutRow(service, id)).toMatchObject({ status: 'processing', provider: 'mtn_momo' });
    const held = emulator.held.get(payoutAttemptUuid(id, 0));
    expect(held).toMatchObject({ resource: 'transfer', body: { amount: '70000', currency: 'UGX', payee: { partyIdType: 'MSISDN', partyId: '256772123456' } } });
    expect(await pollUntil(async () => (await payoutStatus(service, id)) !== 'processing', 'payouts', id)).toBe(true);
    expect(await payoutRow(service, id)).toMatchObject({ status: 'success', provider: 'mtn_momo', retry_count: 0 });
    expect(emulator.created.transfer).toBe(transfers + 1);
    // A later poll or a late callback changes nothing.
    await pollProviderStatuses(service.runtime.jobDeps);
    const late = await fetch(`${service.origin}/provider-callbacks/mtn_momo/transfer/${payoutAttemptUuid(id, 0)}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(late.status).toBe(200);
    await runJobs(service);
    expect(before - await availableOf(service, walletId)).toBe(70_000);
    expect(await eventCounts(service, id)).toEqual({ 'payout.queued': 1, 'payout.processing': 1, 'payout.success': 1 });
    await expectBooksBalanced(service);
  });

  it('a transient failure at MoMo retries as a new attempt at the next provider of the route', async () => {
    emulator.scenarios.set('256772123457', { status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' });
    const ref = await ugandaRef('+256772123457');
    const before = await availableOf(service, walletId);
    const id = await payout(80_000, ref);
    expect(await playUntil(service, async () => ['success', 'failed'].includes(await payoutStatus(service, id)))).toBe(true);
    expect(await payoutRow(service, id)).toMatchObject({ status: 'success', provider: 'sandbox', retry_count: 1 });
    expect(emulator.held.get(payoutAttemptUuid(id, 0))).toMatchObject({ status: 'FAILED' });
    expect(emulator.held.has(payoutAttemptUuid(id, 1))).toBe(false);
    expect(before - await availableOf(service, walletId)).toBe(80_000);
    expect(await eventCounts(service, id)).toEqual({ 'payout.queued': 1, 'payout.processing': 1, 'payout.success': 1 });
    await expectBooksBalanced(service);
  });

  it('routes a partner withdrawal to MoMo and polls it like a payout when MoMo stays silent', async () => {
    emulator.failures.neverCallBack = true;
    const wallet = await newWallet(partner.client, 'UGX');
    await deposit(partner.client, wallet.id, 900_000);
    const destination = await partner.client.POST('/payout-destinations', { body: { destinationType: 'mobile_money', country: 'UG', currency: 'UGX', phone: '+256772123458' } });
    expect(destination.response.status, JSON.stringify(destination.error)).toBe(200);
    const created = await partner.client.POST('/wallets/{walletId}/withdrawals', {
      params: { path: { walletId: wallet.id }, header: { 'X-Idempotency-Key': randomUUID() } },
      body: { amount: 300_000, destinationRef: destination.data!.data.destinationRef, reference: 'cash-out' },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const id = created.data!.data.id;
    await runJobs(service);
    expect((await service.sql<{ provider: string }[]>`select provider from partner_movements where id = ${id}`)[0]?.provider).toBe('mtn_momo');
    expect(emulator.held.get(payoutAttemptUuid(id, 0))).toMatchObject({ resource: 'transfer', body: { amount: '300000', currency: 'UGX' } });
    const status = async () => (await partner.client.GET('/withdrawals/{withdrawalId}', { params: { path: { withdrawalId: id } } })).data!.data.status;
    expect(await pollUntil(async () => (await status()) !== 'pending', 'partner_movements', id)).toBe(true);
    expect(await status()).toBe('success');
    expect(await partnerAvailable(partner.client, wallet.id)).toBe(600_000);
    await expectBooksBalanced(service);
  });
});
