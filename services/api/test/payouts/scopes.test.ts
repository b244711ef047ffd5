// Which key scopes may call which payout operation (issue 22 item 5; decision 0450): moving money
// out (create, bulk, cancel, tokenize a destination, lock a rate) needs a payout-capable key,
// anything else is 401 AUTH_INVALID_KEY; reading payouts, batches and destinations needs any
// read-capable key, payout_only included. Each key kind on each operation, through the SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';
import type { TestService } from '../helpers/service.ts';
import { createBatch, createPayout, destinationRef, fundedWallet, startPayoutService, tokenize } from './helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startPayoutService(); });
afterAll(async () => { await service?.close(); });

const scopeKinds = [['read'], ['write'], ['payout_only'], ['full']] as const;
const payoutCapable = (scopes: readonly string[]) => scopes.includes('payout_only') || scopes.includes('full');

describe('payout scopes', () => {
  it('reads need any read-capable key; writes need payout_only or full (401 AUTH_INVALID_KEY otherwise)', async () => {
    const walletId = await fundedWallet(service, service.client, 100_000);
    const ref = await destinationRef(service.client);
    const payout = { wallet_id: walletId, destination_type: 'mobile_money' as const, destination_ref: ref, amount: 100, currency: 'KES' };
    const created = await createPayout(service.client, payout);
    const batch = await createBatch(service.client, { wallet_id: walletId, payouts: [{ ...payout, wallet_id: undefined } as never] });
    expect([created.response.status, batch.response.status]).toEqual([200, 200]);
    const [destination] = await service.sql<{ id: string }[]>`select id from payout_destinations where destination_ref = ${ref}`;

    for (const scopes of scopeKinds) {
      const client: MerchantClient = service.clientFor(await service.createKey({ scopes: [...scopes] }));
      const reads = [
        await client.GET('/payouts'),
        await client.GET('/payouts/{id}', { params: { path: { id: created.data!.data.id } } }),
        await client.GET('/payouts/batches/{id}', { params: { path: { id: batch.data!.data.id } } }),
        await client.GET('/payout-destinations/{id}', { params: { path: { id: destination!.id } } }),
      ];
      expect(reads.map((r) => r.response.status), `reads with ${scopes}`).toEqual([200, 200, 200, 200]);

      const writes = [
        await createPayout(client, payout),
        await createBatch(client, { wallet_id: walletId, payouts: [{ ...payout, wallet_id: undefined } as never] }),
        await tokenize(client, { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254700000012' }),
      ];
      const expected = payoutCapable(scopes) ? 200 : 401;
      expect(writes.map((w) => w.response.status), `writes with ${scopes}`).toEqual([expected, expected, expected]);
      for (const refused of writes.filter((w) => w.response.status === 401)) expect(refused.error!.error.code).toBe('AUTH_INVALID_KEY');
      const cancel = await client.POST('/payouts/{id}/cancel', { params: { path: { id: writes[0]!.data?.data.id ?? created.data!.data.id } } });
      expect(cancel.response.status === 401, `cancel with ${scopes}`).toBe(!payoutCapable(scopes));
    }
  });
});
