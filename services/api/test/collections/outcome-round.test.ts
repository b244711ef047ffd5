// A round of rail outcomes applied at once (applyCollectionOutcomes, what the outcome worker runs):
// one transaction, one ledger batch, per-outcome answers. Outcomes are built here for collections
// created through the API, so each case of a round can be set up exactly.
import { randomUUID } from 'node:crypto';
import { u128FromUuid, type ChainStep, type Ledger } from '@payagg/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCollectionOutcomes } from '../../src/collections/collections.ts';
import type { RailOutcome } from '../../src/rails/types.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { collect, eventTypes, expectLedgerInvariants, walletBalance } from './helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

const deps = () => ({ sql: service.sql, ledger: service.runtime.ledger, rails: service.runtime.rails });

async function pendingCollection(client: TestService['client'], amount: number, holdInEscrow = false) {
  const created = await collect(client, { amount, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', hold_in_escrow: holdInEscrow });
  expect(created.response.status).toBe(200);
  return created.data!.data;
}

function outcome(transaction: { id: string; provider_reference: string | null }, status: 'success' | 'failed', failureReason: RailOutcome['failureReason'] = null): RailOutcome {
  return { providerReference: transaction.provider_reference!, rail: 'mobile_money', kind: 'collection', status, failureReason, transactionId: transaction.id };
}

async function statusOf(id: string) {
  const [row] = await service.sql<{ status: string; failure_reason: string | null }[]>`select status, failure_reason from transactions where id = ${id}`;
  return row;
}

describe('applyCollectionOutcomes', () => {
  it('settles, fails, skips and refuses outcomes of one round, each on its own', async () => {
    const merchant = await service.createMerchant('round');
    const held = await pendingCollection(merchant.client, 1_000, true);
    const plain = await pendingCollection(merchant.client, 2_000);
    const declined = await pendingCollection(merchant.client, 3_000);
    const unknown = { id: randomUUID(), provider_reference: 'MM-UNKNOWN' };

    const answers = await applyCollectionOutcomes(deps(), [
      outcome(held, 'success'),
      outcome(unknown, 'success'),
      outcome(plain, 'success'),
      outcome(declined, 'failed', 'payer_declined'),
      outcome(held, 'success'), // delivered twice in one round
    ]);
    expect(answers.map((a) => (a === null ? null : a.message))).toEqual([
      null, `rail outcome for unknown transaction ${unknown.id}`, null, null, null,
    ]);
    expect(await statusOf(held.id)).toEqual({ status: 'success', failure_reason: null });
    expect(await statusOf(plain.id)).toEqual({ status: 'success', failure_reason: null });
    expect(await statusOf(declined.id)).toEqual({ status: 'failed', failure_reason: 'payer_declined' });
    expect(await eventTypes(service.sql, held.id)).toEqual(['transaction.pending', 'transaction.success', 'escrow.held']);
    expect(await eventTypes(service.sql, plain.id)).toEqual(['transaction.pending', 'transaction.success']);
    expect(await eventTypes(service.sql, declined.id)).toEqual(['transaction.pending', 'transaction.failed']);
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 2_000n, pending: 1_000n });

    // Delivered again in a later round: final already, nothing moves, nothing is written.
    expect(await applyCollectionOutcomes(deps(), [outcome(held, 'success'), outcome(declined, 'success')])).toEqual([null, null]);
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 2_000n, pending: 1_000n });
    expect(await eventTypes(service.sql, declined.id)).toEqual(['transaction.pending', 'transaction.failed']);
    await expectLedgerInvariants(service);
  });

  it('answers an error for a collection the ledger refuses; the rest of the round lands', async () => {
    const merchant = await service.createMerchant('ledger refuses one');
    const refused = await pendingCollection(merchant.client, 400);
    const fine = await pendingCollection(merchant.client, 600);
    // Fault injection: the real ledger, except that it refuses `refused`'s settlement.
    const real = service.runtime.ledger;
    // A settlement is one chain whose transfers carry the collection's id (user_data_128).
    const refusedData = u128FromUuid(refused.id);
    const isRefused = (chain: readonly ChainStep[]) => chain.some((step) => 'userData128' in step && step.userData128 === refusedData);
    const submitChains: Ledger['submitChains'] = async (chains) => {
      const results = await real.submitChains(chains.filter((chain) => !isRefused(chain)));
      return chains.map((chain) => (isRefused(chain)
        ? { ok: false as const, failure: 'account_not_found' as const, status: 'credit_account_not_found' as const, transferIds: [] }
        : results.shift()!));
    };
    const refusing = new Proxy(real, {
      get: (target, property) => {
        if (property === 'submitChains') return submitChains;
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const answers = await applyCollectionOutcomes({ ...deps(), ledger: refusing }, [outcome(refused, 'success'), outcome(fine, 'success')]);
    expect(answers[0]?.message).toBe(`ledger refused settlement of ${refused.id}: account_not_found (credit_account_not_found)`);
    expect(answers[1]).toBeNull();
    expect(await statusOf(refused.id)).toMatchObject({ status: 'pending' });
    expect(await eventTypes(service.sql, refused.id)).toEqual(['transaction.pending']);
    expect(await statusOf(fine.id)).toMatchObject({ status: 'success' });
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 600n, pending: 0n });

    // Delivered again to the real ledger, it lands.
    expect(await applyCollectionOutcomes(deps(), [outcome(refused, 'success')])).toEqual([null]);
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 1_000n, pending: 0n });
    await expectLedgerInvariants(service);
  });

  it('applies each outcome on its own when the round fails as a whole', async () => {
    const merchant = await service.createMerchant('round fails');
    const good = await pendingCollection(merchant.client, 700);
    // Not a uuid: the round's one lookup fails for everyone; alone, only this one fails.
    const malformed = { id: 'not-a-uuid', provider_reference: 'MM-MALFORMED' };
    const answers = await applyCollectionOutcomes(deps(), [outcome(malformed, 'success'), outcome(good, 'success')]);
    expect(answers[0]).toBeInstanceOf(Error);
    expect(answers[1]).toBeNull();
    expect(await statusOf(good.id)).toMatchObject({ status: 'success' });
    expect(await walletBalance(service, merchant.merchantId, 'KES')).toEqual({ available: 700n, pending: 0n });
    await expectLedgerInvariants(service);
  });
});
