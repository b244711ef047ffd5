// MTN MoMo wired end to end (issue 24): built from MTN_MOMO_* (provider-catalog.ts), routed by
// PROVIDER_ROUTES; a collection whose callback never comes is settled by the routing's status poll
// (provider-routing/status-polls.ts asking GET /collection/v1_0/requesttopay/{referenceId}), and
// MoMo's PUT callback reaches the intake. The emulator (test/connectors/mtn-momo/emulator.ts)
// follows https://momodeveloper.mtn.com/api-documentation over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, expectLedgerInvariants, walletBalance } from '../../collections/helpers.ts';
import type { TestService } from '../../helpers/service.ts';
import type { MomoEmulator } from '../../connectors/mtn-momo/emulator.ts';
import { pollProviderStatuses } from '../../../src/provider-routing/status-polls.ts';
import { startMomoWired } from './wired-services.ts';

let service: TestService;
let emulator: MomoEmulator;

beforeAll(async () => {
  ({ service, emulator } = await startMomoWired({ PROVIDER_ROUTES: 'collection mobile_money UGX * = mtn_momo' }));
}, 60_000);
afterAll(async () => {
  await service?.close();
  await emulator?.close();
});

const status = async (id: string) => (await service.client.GET('/collections/{id}', { params: { path: { id } } })).data!.data.status;

describe('MTN MoMo through the public API', () => {
  it('settles a collection whose callback never comes by the status poll, once', async () => {
    emulator.failures.neverCallBack = true;
    const before = await walletBalance(service, service.merchantId, 'UGX');
    const created = await collect(service.client, { amount: 50_000, currency: 'UGX', rail: 'mobile_money', payer_phone: '256772123456' });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const id = created.data!.data.id;
    expect((await service.sql<{ provider: string }[]>`select provider from transactions where id = ${id}`)[0]?.provider).toBe('mtn_momo');
    await service.runtime.deliverRailOutcomes();
    expect(await status(id)).toBe('pending');
    await service.sql`update transactions set created_at = created_at - interval '1 hour' where id = ${id}`;
    // MoMo makes it final after finalDelayMs; poll until the poller finds it final (bounded).
    for (let round = 0; round < 100 && (await status(id)) === 'pending'; round += 1) {
      await service.sql`update provider_status_polls set next_poll_at = now() where resource_id = ${id}`;
      await pollProviderStatuses(service.runtime.jobDeps);
      await service.runtime.deliverRailOutcomes();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(await status(id)).toBe('success');
    const credited = (await walletBalance(service, service.merchantId, 'UGX')).available - before.available;
    expect(credited).toBeGreaterThan(0n);

    // MoMo's own callback (PUT, as its sandbox sends a request to pay's) arrives late: accepted, not applied twice.
    const put = await fetch(`${service.origin}/provider-callbacks/mtn_momo/requesttopay/${id}`, { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(put.status).toBe(200);
    await service.runtime.deliverRailOutcomes();
    expect((await walletBalance(service, service.merchantId, 'UGX')).available - before.available).toBe(credited);
    const patch = await fetch(`${service.origin}/provider-callbacks/mtn_momo/requesttopay/${id}`, { method: 'PATCH', body: '{}' });
    expect(patch.status).toBe(405);
    await expectLedgerInvariants(service);
  });
});
