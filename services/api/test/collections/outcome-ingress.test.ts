// The rail outcome ingress (src/rails/outcome-ingress.ts): the one way a rail's final outcome
// enters the service, called here as a real provider's callback handler would call it (no sandbox
// poller involved): an outcome settles its collection through the ledger once, a repeat changes
// nothing, an outcome for a transaction we never recorded is refused so the provider sends it
// again, and a batch keeps one answer per outcome.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RailOutcome } from '../../src/rails/types.ts';
import { collect, eventTypes, expectLedgerInvariants, succeeding_payer, walletBalance } from './helpers.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

async function pendingCollection(amount: number): Promise<RailOutcome> {
  const created = await collect(service.client, { amount, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
  expect(created.data!.data.status).toBe('pending');
  const id = created.data!.data.id;
  const [row] = await service.sql<{ provider_reference: string }[]>`select provider_reference from transactions where id = ${id}`;
  return { providerReference: row!.provider_reference, rail: 'mobile_money', kind: 'collection', status: 'success', failureReason: null, transactionId: id };
}

it('settles a collection from a provider callback, once', async () => {
  const before = await walletBalance(service, service.merchantId, 'KES');
  const outcome = await pendingCollection(2_000);
  await service.runtime.railOutcomes.acceptRailOutcome(outcome);
  await service.runtime.railOutcomes.acceptRailOutcome(outcome); // the provider sends it again
  const { data } = await service.client.GET('/collections/{id}', { params: { path: { id: outcome.transactionId } } });
  expect(data!.data.status).toBe('success');
  expect(await eventTypes(service.sql, outcome.transactionId)).toEqual(['transaction.pending', 'transaction.success']);
  expect((await walletBalance(service, service.merchantId, 'KES')).available - before.available).toBe(2_000n);
  await expectLedgerInvariants(service);
});

it('refuses an outcome for a transaction it never recorded, so that the provider sends it again', async () => {
  const unknown: RailOutcome = { providerReference: 'MM-UNKNOWN', rail: 'mobile_money', kind: 'collection', status: 'success', failureReason: null, transactionId: randomUUID() };
  await expect(service.runtime.railOutcomes.acceptRailOutcome(unknown)).rejects.toThrow();
});

it('answers a batch outcome by outcome: a failure moves nothing, an unknown one fails alone', async () => {
  const before = await walletBalance(service, service.merchantId, 'KES');
  const succeeded = await pendingCollection(1_500);
  const failed = { ...(await pendingCollection(700)), status: 'failed' as const, failureReason: 'insufficient_funds' as const };
  const unknown: RailOutcome = { ...succeeded, providerReference: 'MM-UNKNOWN-2', transactionId: randomUUID() };
  const answers = await service.runtime.railOutcomes.acceptRailOutcomes([succeeded, unknown, failed]);
  expect(answers[0]).toBeNull();
  expect(answers[1]).toBeInstanceOf(Error);
  expect(answers[2]).toBeNull();
  expect(await eventTypes(service.sql, failed.transactionId)).toEqual(['transaction.pending', 'transaction.failed']);
  expect((await walletBalance(service, service.merchantId, 'KES')).available - before.available).toBe(1_500n);
  await expectLedgerInvariants(service);
});
