// M-Pesa wired end to end (issue 24): the service builds it from its MPESA_* settings
// (provider-catalog.ts), PROVIDER_ROUTES sends KES mobile money to it, and a collection made
// through the public API completes by Daraja's STK callback, believed only once the STK query
// confirms it (connectors/mpesa/callbacks.ts). The Daraja emulator (test/connectors/mpesa/
// emulator.ts) follows Safaricom's published contract over real HTTP. Also: KES 1,500.50 is a 422
// naming `amount` with nothing created or held; a down M-Pesa fails over to the next provider.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collect, expectLedgerInvariants, walletBalance } from '../../collections/helpers.ts';
import type { TestService } from '../../helpers/service.ts';
import type { MpesaEmulator } from '../../connectors/mpesa/emulator.ts';
import { startMpesaWired } from './wired-services.ts';

let service: TestService;
let emulator: MpesaEmulator;

beforeAll(async () => {
  ({ service, emulator } = await startMpesaWired({ PROVIDER_ROUTES: 'collection mobile_money KES * = mpesa, sandbox' }));
}, 60_000);
afterAll(async () => {
  await service?.close();
  await emulator?.close();
});
beforeEach(() => {
  Object.assign(emulator.failures, { down: false, timeoutAfterAcceptMs: null, neverCallBack: false, duplicateCallback: false, answerStatusFirst: false });
});

const payer = { payer_phone: '254712345678' };

/** Applies what the callbacks recorded until the collection leaves pending (bounded; not a timing assertion). */
async function statusAfterCallbacks(id: string): Promise<string> {
  for (let round = 0; round < 100; round += 1) {
    await service.runtime.deliverRailOutcomes();
    const read = await service.client.GET('/collections/{id}', { params: { path: { id } } });
    if (read.data!.data.status !== 'pending') return read.data!.data.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return 'pending';
}

const providerOf = async (id: string) => (await service.sql<{ provider: string }[]>`select provider from transactions where id = ${id}`)[0]?.provider;

describe('M-Pesa through the public API', () => {
  it('completes a KES collection by the STK callback, confirmed by the STK query', async () => {
    const before = await walletBalance(service, service.merchantId, 'KES');
    const created = await collect(service.client, { amount: 150_000, currency: 'KES', rail: 'mobile_money', ...payer });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const id = created.data!.data.id;
    expect(await providerOf(id)).toBe('mpesa');
    expect(emulator.pushes.size).toBeGreaterThanOrEqual(1);
    expect(await statusAfterCallbacks(id)).toBe('success');
    const [inbox] = await service.sql<{ provider: string }[]>`select provider from provider_outcomes where provider_reference = ${created.data!.data.provider_reference ?? ''} or body->>'transactionId' = ${id}`;
    expect(inbox?.provider).toBe('mpesa');
    expect((await walletBalance(service, service.merchantId, 'KES')).available - before.available).toBeGreaterThan(0n);
    await expectLedgerInvariants(service);
  });

  it('refuses KES 1,500.50 as a 422 naming amount, and creates and holds nothing', async () => {
    const before = await walletBalance(service, service.merchantId, 'KES');
    const rowsBefore = (await service.sql<{ count: number }[]>`select count(*)::int as count from transactions`)[0]!.count;
    const pushesBefore = emulator.pushes.size;
    const created = await collect(service.client, { amount: 150_050, currency: 'KES', rail: 'mobile_money', ...payer });
    expect(created.response.status).toBe(422);
    expect(JSON.stringify(created.error)).toContain('amount');
    const rowsAfter = (await service.sql<{ count: number }[]>`select count(*)::int as count from transactions`)[0]!.count;
    expect(rowsAfter).toBe(rowsBefore);
    expect(emulator.pushes.size).toBe(pushesBefore);
    expect(await walletBalance(service, service.merchantId, 'KES')).toEqual(before);
    await expectLedgerInvariants(service);
  });

  it('fails over to the next provider in the route when M-Pesa is down', async () => {
    emulator.failures.down = true;
    const created = await collect(service.client, { amount: 20_000, currency: 'KES', rail: 'mobile_money', ...payer });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    expect(await providerOf(created.data!.data.id)).toBe('sandbox');
  });
});
