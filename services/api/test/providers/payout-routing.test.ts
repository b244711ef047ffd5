// Payouts along their route (payout-rails/routed-sends.ts; decision 0641): a send refused before
// acceptance goes to the next provider; a send that may have been accepted stays with its
// provider; the provider is written on the payout before each send; a silent provider is polled.
// Two providers emulated over real HTTP beside the sandbox, a real PostgreSQL, the public API.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../helpers/service.ts';
import { startTestService } from '../helpers/service.ts';
import { available, createPayout, destinationRef, expectLedgerInvariants, fundedWallet, payoutOf, payoutTestEnv, runJobs } from '../payouts/helpers.ts';
import { emulatedProviderHooks, startEmulatedProvider, type EmulatedProvider } from './emulated-provider.ts';
import { emulatedCallbackHandler, emulatedPayoutConnector } from './emulated-connectors.ts';
import { sendPayouts } from '../../src/payouts/payout-processing.ts';
import { pollProviderStatuses } from '../../src/provider-routing/status-polls.ts';
import { applyQueuedOutcomesNow } from '../../src/provider-outcomes/run-now.ts';
import { applyJobOf } from '../../src/provider-outcomes/ingress.ts';
import { createLogger } from '../../src/log.ts';

/** Applies the payout outcomes the inbox recorded (their apply job; decision 0610). */
const applyPayoutOutcomes = () => applyQueuedOutcomesNow({ databaseUrl: service.databaseUrl, deps: service.runtime.jobDeps, logger: createLogger('silent') }, [applyJobOf.payout]);

let service: TestService;
let a: EmulatedProvider;
let b: EmulatedProvider;
let walletId: string;
let ref: string;

beforeAll(async () => {
  a = await startEmulatedProvider('testpay_a');
  b = await startEmulatedProvider('testpay_b');
  service = await startTestService({
    env: { ...payoutTestEnv, SANDBOX_KYC_DELAY_MS: '0', PROVIDER_ROUTES: 'payout mobile_money KES * = testpay_a, testpay_b', RAIL_BREAKER_VOLUME_THRESHOLD: '1000' },
    providers: {
      payoutRails: [emulatedPayoutConnector(a, 'mobile_money'), emulatedPayoutConnector(b, 'mobile_money')],
      callbackHandlers: [emulatedCallbackHandler(a, () => 'mobile_money'), emulatedCallbackHandler(b, () => 'mobile_money')],
    },
  });
  a.callbackUrl = `${service.origin}/provider-callbacks/testpay_a/transfer`;
  b.callbackUrl = `${service.origin}/provider-callbacks/testpay_b/transfer`;
  walletId = await fundedWallet(service, service.client, 1_000_000);
  ref = await destinationRef(service.client);
});

emulatedProviderHooks(() => ({ service, providers: [a, b] }));

async function payout(amount: number): Promise<string> {
  const created = await createPayout(service.client, { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount, currency: 'KES' });
  expect(created.response.status, JSON.stringify(created.error)).toBe(200);
  return created.data!.data.id;
}

async function providerOf(id: string): Promise<string | null> {
  const [row] = await service.sql<{ provider: string | null }[]>`select provider from payouts where id = ${id}`;
  return row!.provider;
}

describe('payout routing', () => {
  it('sends to the first provider of the route; its signed callback makes the payout succeed, the wallet paying exactly once', async () => {
    const before = await available(service.client, walletId);
    const id = await payout(10_000);
    await runJobs(service);
    expect(await providerOf(id)).toBe('testpay_a');
    expect(a.charges.get(`${id}.0`)).toMatchObject({ kind: 'payout', amount: 10_000 });
    expect(await a.settle(`${id}.0`, 'success')).toBe(200);
    await applyPayoutOutcomes();
    expect((await payoutOf(service.client, id)).status).toBe('success');
    expect(before - await available(service.client, walletId)).toBe(10_000);
    await expectLedgerInvariants(service);
  });

  it('goes to the next provider when the first refuses before accepting, and records it', async () => {
    a.mode = 'refusing';
    const id = await payout(11_000);
    await runJobs(service);
    expect(await providerOf(id)).toBe('testpay_b');
    expect(a.charges.has(`${id}.0`)).toBe(false);
    expect(b.charges.get(`${id}.0`)?.amount).toBe(11_000);
    await b.settle(`${id}.0`, 'success');
    await applyPayoutOutcomes();
    expect((await payoutOf(service.client, id)).status).toBe('success');
  });

  it('stays with a provider that may have accepted (a timeout, its status query says pending), and the retry there finishes it', async () => {
    a.mode = 'accept_then_hang';
    const id = await payout(12_000);
    await expect(sendPayouts(service.runtime.jobDeps, [id])).rejects.toThrow(/timeout/);
    expect(await providerOf(id)).toBe('testpay_a');
    expect(b.charges.has(`${id}.0`)).toBe(false);
    // Refused now, by a provider an earlier send may have reached: still no fallback.
    a.mode = 'refusing';
    await expect(sendPayouts(service.runtime.jobDeps, [id])).rejects.toThrow(/unavailable/);
    expect(b.charges.has(`${id}.0`)).toBe(false);
    a.mode = 'up';
    await sendPayouts(service.runtime.jobDeps, [id]);
    expect([...a.charges.keys()].filter((key) => key.startsWith(id))).toEqual([`${id}.0`]);
    await a.settle(`${id}.0`, 'success');
    await applyPayoutOutcomes();
    expect((await payoutOf(service.client, id)).status).toBe('success');
  });

  it('polls a silent provider until the send is final', async () => {
    a.silent = true;
    const before = await available(service.client, walletId);
    const id = await payout(13_000);
    await runJobs(service);
    await a.settle(`${id}.0`, 'failed');
    await service.sql`update payouts set updated_at = updated_at - interval '1 hour' where id = ${id}`;
    const summary = await pollProviderStatuses(service.runtime.jobDeps);
    expect(summary.final).toBeGreaterThanOrEqual(1);
    await applyPayoutOutcomes();
    const read = await payoutOf(service.client, id);
    expect(read).toMatchObject({ status: 'failed', failure_reason: 'invalid_account' });
    expect(await available(service.client, walletId)).toBe(before);
    await expectLedgerInvariants(service);
  });
});
