// Through the real app: a request whose transaction sends a statement the driver cannot
// serialise (here an Invalid Date pipelined behind another statement, the shape of issue 22's
// leap-second payout, injected through a handler so it does not depend on any one route's
// validation) is a 500 in the envelope, a few hundred times over, and every other merchant's
// requests are still answered: the statement fails alone and its transaction releases its
// connection (patches/postgres@3.4.9.patch, decision 0401). Unpatched, the pool's connections
// wedged one by one and the other merchants' requests never got an answer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPartner, newWallet } from '../partner/helpers.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({
    handlerOverrides: {
      'GET /webhooks': async () => {
        await service.sql.begin((tx) => [tx`select pg_sleep(0.001)`, tx`select ${new Date(Number.NaN)}::timestamptz`]);
      },
    },
  });
});
afterAll(async () => { await service?.close(); });

describe('a request whose statement cannot be serialised', () => {
  const attempts = 300;
  const inFlight = 10;

  it(`${attempts} times a 500 in the envelope; then other merchants are answered`, async () => {
    const statuses: Record<number, number> = {};
    for (let sent = 0; sent < attempts; sent += inFlight) {
      const answers = await Promise.all(Array.from({ length: inFlight }, () => service.client.GET('/webhooks')));
      for (const answer of answers) {
        statuses[answer.response.status] = (statuses[answer.response.status] ?? 0) + 1;
        expect(answer.error?.error.code).toBe('INTERNAL_ERROR');
      }
    }
    expect(statuses).toEqual({ 500: attempts });
    const others = await Promise.all(Array.from({ length: 3 }, () => service.createMerchant('Another merchant')));
    const answers = await Promise.all(others.flatMap(({ client }) => [
      client.GET('/wallets'),
      client.POST('/collections', {
        body: { amount: 1_000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' },
        params: { header: { 'Idempotency-Key': randomUUID() } },
      }),
    ]));
    expect(answers.map((a) => a.response.status)).toEqual(others.flatMap(() => [200, 200]));
    // And the partner family, on the same pools.
    const partner = await createTestPartner(service);
    await newWallet(partner.client);
  }, 120_000); // 300 real requests on a shared machine under load; a wedged pool never answers, so it still fails.
});
