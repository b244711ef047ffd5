// Collection outcomes through the provider outcome ingress (src/provider-outcomes/), recorded
// here as a real provider's callback handler would record them (no sandbox delivery involved) and
// applied by the collections' apply job: an outcome settles its collection through the ledger
// once, a repeat changes nothing, an outcome for a transaction we never recorded is retried, and a
// batch keeps one answer per outcome.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RailOutcome } from '../../src/rails/types.ts';
import { eventTypes, expectLedgerInvariants, walletBalance } from './helpers.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { sandboxOutcomeHelpers } from '../provider-outcomes/sandbox-outcomes.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

const { pendingCollection, record, applyNow } = sandboxOutcomeHelpers(() => service);

async function inboxRow(reference: string) {
  const [row] = await service.sql<{ applied_at: Date | null; apply_failures: number; last_error: string | null }[]>`
    select applied_at, apply_failures, last_error from provider_outcomes where provider = 'sandbox' and provider_reference = ${reference}`;
  return row;
}

it('settles a collection from a provider callback, once', async () => {
  const before = await walletBalance(service, service.merchantId, 'KES');
  const outcome = await pendingCollection(2_000);
  await record(outcome);
  await record(outcome); // the provider sends it again
  await applyNow();
  await record(outcome); // and again, after it was applied
  await applyNow();
  const { data } = await service.client.GET('/collections/{id}', { params: { path: { id: outcome.transactionId } } });
  expect(data!.data.status).toBe('success');
  expect(await eventTypes(service.sql, outcome.transactionId)).toEqual(['transaction.pending', 'transaction.success']);
  expect((await walletBalance(service, service.merchantId, 'KES')).available - before.available).toBe(2_000n);
  expect((await inboxRow(outcome.providerReference))!.applied_at).not.toBeNull();
  await expectLedgerInvariants(service);
});

it('keeps an outcome for a transaction it never recorded and retries it', async () => {
  const unknown: RailOutcome = { providerReference: 'MM-UNKNOWN', rail: 'mobile_money', kind: 'collection', status: 'success', failureReason: null, transactionId: randomUUID() };
  await record(unknown);
  await applyNow();
  expect(await inboxRow('MM-UNKNOWN')).toMatchObject({ applied_at: null, apply_failures: 1, last_error: expect.stringMatching(/unknown transaction/) });
});

it('applies a batch outcome by outcome: a failure moves nothing, an unknown one fails alone', async () => {
  const before = await walletBalance(service, service.merchantId, 'KES');
  const succeeded = await pendingCollection(1_500);
  const failed = { ...(await pendingCollection(700)), status: 'failed' as const, failureReason: 'insufficient_funds' as const };
  const unknown: RailOutcome = { ...succeeded, providerReference: 'MM-UNKNOWN-2', transactionId: randomUUID() };
  await record(succeeded, unknown, failed);
  await applyNow();
  expect((await inboxRow(succeeded.providerReference))!.applied_at).not.toBeNull();
  expect((await inboxRow(failed.providerReference))!.applied_at).not.toBeNull();
  expect(await inboxRow('MM-UNKNOWN-2')).toMatchObject({ applied_at: null, apply_failures: 1 });
  expect(await eventTypes(service.sql, failed.transactionId)).toEqual(['transaction.pending', 'transaction.failed']);
  expect((await walletBalance(service, service.merchantId, 'KES')).available - before.available).toBe(1_500n);
  await expectLedgerInvariants(service);
});
