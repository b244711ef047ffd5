// Routing, failover, callbacks and status polling with two providers emulated over real HTTP
// (emulated-provider.ts) beside the sandbox, through the public API, on a real PostgreSQL
// (issue 24; docs/providers.md; decisions 0640-0645).
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.ts';
import { collect, refund, succeeding_payer, walletBalance, expectLedgerInvariants } from '../collections/helpers.ts';
import { emulatedProviderHooks, startEmulatedProvider, type EmulatedProvider } from './emulated-provider.ts';
import { emulatedCallbackHandler, emulatedRailConnector } from './emulated-connectors.ts';
import { pollProviderStatuses } from '../../src/provider-routing/status-polls.ts';
import { collectionRoute } from '../../src/collections/rail-calls.ts';
import { processRegistry } from '../../src/metrics/registry.ts';
import type { ProviderCallbackHandler } from '../../src/provider-outcomes/types.ts';
import { randomUUID } from 'node:crypto';

let service: TestService;
/** A handler that fails (path `boom`), or hands over an outcome the ingress cannot apply (a refund nobody made). */
const failingHandler: ProviderCallbackHandler = {
  provider: 'testpay_c',
  async handle(request) {
    if (request.path === 'boom') throw new Error('handler bug');
    return {
      outcomes: [{ kind: 'refund', provider: 'testpay_c', outcome: {
        providerReference: 'c_1', rail: 'mobile_money', kind: 'refund', status: 'success', failureReason: null, transactionId: randomUUID(),
      } }],
      reply: { status: 200, body: { ok: true } },
    };
  },
};
let a: EmulatedProvider;
let b: EmulatedProvider;

beforeAll(async () => {
  a = await startEmulatedProvider('testpay_a');
  b = await startEmulatedProvider('testpay_b');
  service = await startTestService({
    env: {
      // One rail per group of tests: each (provider, rail) has its own breaker, so one group's
      // refusals and timeouts never open the breaker another group relies on.
      PROVIDER_ROUTES: [
        'collection mobile_money KES * = testpay_a, testpay_b', 'collection mobile_money UGX * = testpay_b',
        'collection card KES * = testpay_a, testpay_b', 'collection bank KES * = testpay_a, testpay_b',
        'collection ussd KES * = testpay_a, testpay_b', 'collection bank KES KE = testpay_b, testpay_a',
      ].join('; '),
      PROVIDER_CALLBACK_ALLOW: 'testpay_b=10.0.0.0/8',
      PROVIDER_CALLBACK_BODY_LIMIT_BYTES: '2048',
      // The breaker opens after 3 refused calls, and stays open for the rest of the file.
      RAIL_BREAKER_VOLUME_THRESHOLD: '3',
      RAIL_BREAKER_RESET_TIMEOUT_MS: '3600000',
    },
    providers: {
      rails: (['mobile_money', 'card', 'bank', 'ussd'] as const).flatMap((rail) => [emulatedRailConnector(a, rail), emulatedRailConnector(b, rail)]),
      callbackHandlers: [emulatedCallbackHandler(a, () => 'mobile_money'), emulatedCallbackHandler(b, () => 'mobile_money'), failingHandler],
    },
  });
  a.callbackUrl = `${service.origin}/provider-callbacks/testpay_a/charge`;
  b.callbackUrl = `${service.origin}/provider-callbacks/testpay_b/charge`;
});

emulatedProviderHooks(() => ({ service, providers: [a, b] }));

const mobileMoney = (amount: number, currency = 'KES') => ({ amount, currency, rail: 'mobile_money' as const, ...succeeding_payer.mobile_money });
const card = (amount: number) => ({ amount, currency: 'KES', rail: 'card' as const, ...succeeding_payer.card });
const bank = (amount: number) => ({ amount, currency: 'KES', rail: 'bank' as const, ...succeeding_payer.bank });
const ussd = (amount: number) => ({ amount, currency: 'KES', rail: 'ussd' as const, ...succeeding_payer.ussd });

async function providerOf(id: string): Promise<string> {
  const [row] = await service.sql<{ provider: string }[]>`select provider from transactions where id = ${id}`;
  return row!.provider;
}

describe('routing', () => {
  it('sends each collection to the first provider of its (rail, currency) route, and what no route names to the sandbox', async () => {
    const kes = await collect(service.client, mobileMoney(1_000));
    const ugx = await collect(service.client, mobileMoney(1_000, 'UGX'));
    const qr = await collect(service.client, { amount: 1_000, currency: 'KES', rail: 'qr', ...succeeding_payer.qr });
    for (const created of [kes, ugx, qr]) expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    expect(await providerOf(kes.data!.data.id)).toBe('testpay_a');
    expect(a.charges.get(kes.data!.data.id)?.amount).toBe(1_000);
    expect(await providerOf(ugx.data!.data.id)).toBe('testpay_b');
    expect(b.charges.has(ugx.data!.data.id)).toBe(true);
    expect(await providerOf(qr.data!.data.id)).toBe('sandbox');
    expect(kes.data!.data.provider_reference).toBe(a.charges.get(kes.data!.data.id)!.providerReference);
  });

  it('reads the country of a collection from its sub-merchant, only where the table routes by country', async () => {
    const [sub] = await service.sql<{ id: string }[]>`
      insert into sub_merchants (id, merchant_id, display_name, type, country) values (gen_random_uuid(), ${service.merchantId}, 'Duka', 'business', 'KE') returning id`;
    const deps = { sql: service.sql, rails: service.runtime.rails };
    const kenyan = await collectionRoute(deps, { rail: 'bank', currency: 'KES', sub_merchant_id: sub!.id });
    expect(kenyan).toEqual({ rail: 'bank', currency: 'KES', country: 'KE' });
    expect(service.runtime.rails.providersFor(kenyan)).toEqual(['testpay_b', 'testpay_a']);
    expect(service.runtime.rails.providersFor({ ...kenyan, country: null })).toEqual(['testpay_a', 'testpay_b']);
    expect(service.runtime.rails.providersFor({ rail: 'qr', currency: 'KES', country: 'KE' })).toEqual(['sandbox']);
    // mobile_money KES is routed alike in every country: the sub-merchant is not read.
    expect(await collectionRoute(deps, { rail: 'mobile_money', currency: 'KES', sub_merchant_id: sub!.id })).toMatchObject({ country: null });
  });
});

describe('failover', () => {
  it('tries the next provider when the first one declares it did not accept', async () => {
    a.mode = 'refusing';
    const created = await collect(service.client, card(1_100));
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    expect(await providerOf(created.data!.data.id)).toBe('testpay_b');
    expect(a.charges.has(created.data!.data.id)).toBe(false);
    expect(b.charges.get(created.data!.data.id)?.amount).toBe(1_100);
  });

  it('does not fall over after a timeout once the provider accepted: its status query says it holds the collection', async () => {
    a.mode = 'accept_then_hang';
    const created = await collect(service.client, bank(1_200));
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    expect(await providerOf(created.data!.data.id)).toBe('testpay_a');
    expect(b.charges.has(created.data!.data.id)).toBe(false);
  });

  it('does not fall over after a timeout when the status query cannot answer either: 503 RAIL_UNAVAILABLE, nothing created, nothing at the next provider', async () => {
    a.mode = 'accept_then_hang';
    a.statusDown = true;
    const bCharges = b.charges.size;
    const created = await collect(service.client, bank(1_300));
    expect(created.response.status).toBe(503);
    expect(created.error).toMatchObject({ error: { code: 'RAIL_UNAVAILABLE' } });
    expect(b.charges.size).toBe(bCharges);
  });

  it('falls over after a timeout when the provider\'s status query says it never took it', async () => {
    a.mode = 'hang_before_accept';
    const created = await collect(service.client, ussd(1_400));
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    expect(await providerOf(created.data!.data.id)).toBe('testpay_b');
    expect(a.charges.has(created.data!.data.id)).toBe(false);
  });
});

describe('callbacks', () => {
  it('records a signed callback once: the collection succeeds, the wallet is credited once, a second delivery changes nothing', async () => {
    const created = await collect(service.client, mobileMoney(2_000));
    const id = created.data!.data.id;
    await service.runtime.deliverRailOutcomes(); // what earlier tests left queued, before `before`
    const before = await walletBalance(service, service.merchantId, 'KES');
    expect(await a.settle(id, 'success')).toBe(200);
    await service.runtime.deliverRailOutcomes(); // the inbox's apply job (decision 0610)
    const read = await service.client.GET('/collections/{id}', { params: { path: { id } } });
    expect(read.data!.data.status).toBe('success');
    const after = await walletBalance(service, service.merchantId, 'KES');
    expect(after.available - before.available).toBe(2_000n);
    const { body, signature } = a.signedCallback(a.charges.get(id)!);
    const again = await fetch(a.callbackUrl!, { method: 'POST', body, headers: { 'x-emulated-signature': signature } });
    expect(again.status).toBe(200);
    await service.runtime.deliverRailOutcomes();
    expect((await walletBalance(service, service.merchantId, 'KES')).available).toBe(after.available);
    await expectLedgerInvariants(service);
  });

  it('ignores forged, unknown, oversize and garbage callbacks: nothing changes, never a 500', async () => {
    const created = await collect(service.client, mobileMoney(2_100));
    const id = created.data!.data.id;
    const charge = { ...a.charges.get(id)!, status: 'success' as const };
    const { body } = a.signedCallback(charge);
    const post = (path: string, payload: string, headers: Record<string, string> = {}) =>
      fetch(`${service.origin}/provider-callbacks/${path}`, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', ...headers } });
    const forged = await post('testpay_a/charge', body, { 'x-emulated-signature': 'ab'.repeat(64) });
    expect(forged.status).toBe(401);
    const unsigned = await post('testpay_a/charge', body);
    expect(unsigned.status).toBe(401);
    const unknown = await post('nobody/charge', body);
    expect(unknown.status).toBe(404);
    expect((await unknown.json() as { error: { code: string } }).error.code).toBe('RESOURCE_NOT_FOUND');
    const oversize = await post('testpay_a/charge', 'x'.repeat(4096));
    expect(oversize.status).toBe(413);
    const garbage = await post('testpay_a/charge', '\u0000{{not json', { 'x-emulated-signature': 'zz' });
    expect(garbage.status).toBe(401);
    const getIt = await fetch(`${service.origin}/provider-callbacks/testpay_a/charge`);
    expect(getIt.status).toBe(405);
    // testpay_b's callbacks may come from 10.0.0.0/8 only; this test calls from 127.0.0.1.
    const { body: bBody, signature: bSignature } = b.signedCallback(charge);
    const outside = await post('testpay_b/charge', bBody, { 'x-emulated-signature': bSignature });
    expect(outside.status).toBe(403);
    // A callback verified by testpay_a's handler for a collection testpay_a did not serve is dropped.
    const other = await collect(service.client, mobileMoney(2_150, 'UGX'));
    const stolen = a.signedCallback({ ...b.charges.get(other.data!.data.id)!, status: 'success' });
    expect((await post('testpay_a/charge', stolen.body, { 'x-emulated-signature': stolen.signature })).status).toBe(200);
    await service.runtime.deliverRailOutcomes(); // recorded, then dropped at apply (decision 0683)
    for (const txId of [id, other.data!.data.id]) {
      const read = await service.client.GET('/collections/{id}', { params: { path: { id: txId } } });
      expect(read.data!.data.status).toBe('pending');
    }
    // A handler that fails: 503, so the provider sends it again. An outcome nobody can apply is
    // still recorded (200): its apply job, not the callback, deals with it (decision 0610).
    expect((await post('testpay_c/boom', '{}')).status).toBe(503);
    expect((await post('testpay_c/refund', '{}')).status).toBe(200);
    const counted = await processRegistry.getSingleMetric('payagg_provider_callbacks_total')!.get();
    const count = (provider: string, result: string) => counted.values.find((v) => v.labels.provider === provider && v.labels.result === result)?.value ?? 0;
    expect(count('unknown', 'unknown_provider')).toBeGreaterThanOrEqual(1);
    expect(count('testpay_a', 'too_large')).toBeGreaterThanOrEqual(1);
    expect(count('testpay_b', 'refused_source')).toBeGreaterThanOrEqual(1);
    expect(count('testpay_a', 'no_outcome')).toBeGreaterThanOrEqual(3);
    expect(counted.values.some((v) => v.labels.provider === 'nobody')).toBe(false);
    expect(count('testpay_c', 'handler_failed')).toBeGreaterThanOrEqual(1);
    expect(count('testpay_c', 'recorded')).toBeGreaterThanOrEqual(1);
    // The logs name the provider and the result, never the body or its signature.
    const lines = service.logs.filter((line) => line.msg === 'provider callback');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(lines)).not.toContain(a.secret);
    expect(JSON.stringify(service.logs)).not.toContain(bSignature);
  });
});

describe('refunds and silent providers', () => {
  it('sends a refund to the provider that took the collection, never along the route', async () => {
    const created = await collect(service.client, mobileMoney(3_000));
    const id = created.data!.data.id;
    await a.settle(id, 'success');
    await service.runtime.deliverRailOutcomes();
    a.mode = 'refusing';
    const refused = await refund(service.client, id, { amount: 1_000 });
    expect(refused.response.status).toBe(503);
    expect([...b.charges.values()].some((charge) => charge.parentReference === a.charges.get(id)!.providerReference)).toBe(false);
    a.mode = 'up';
    const refunded = await refund(service.client, id, { amount: 1_000 });
    expect(refunded.response.status, JSON.stringify(refunded.error)).toBe(200);
    const refundId = refunded.data!.data.id;
    expect(await providerOf(refundId)).toBe('testpay_a');
    expect(a.charges.get(refundId)).toMatchObject({ kind: 'refund', amount: 1_000, parentReference: a.charges.get(id)!.providerReference });
  });

  it('polls a provider that never calls back until its status is final, and applies it once', async () => {
    a.silent = true;
    const created = await collect(service.client, mobileMoney(4_000));
    const id = created.data!.data.id;
    await service.sql`update transactions set created_at = created_at - interval '1 hour' where id = ${id}`;
    await service.runtime.deliverRailOutcomes();
    const before = await walletBalance(service, service.merchantId, 'KES');
    const first = await pollProviderStatuses(service.runtime.jobDeps);
    expect(first.polled).toBeGreaterThanOrEqual(1);
    const [poll] = await service.sql<{ polls: number; finished_at: Date | null; due_later: boolean }[]>`
      select polls, finished_at, next_poll_at > now() as due_later from provider_status_polls where resource_id = ${id}`;
    expect(poll).toMatchObject({ polls: 1, finished_at: null, due_later: true });
    await a.settle(id, 'success');
    await service.sql`update provider_status_polls set next_poll_at = now() where resource_id = ${id}`;
    const second = await pollProviderStatuses(service.runtime.jobDeps);
    expect(second.final).toBeGreaterThanOrEqual(1);
    await service.runtime.deliverRailOutcomes();
    const read = await service.client.GET('/collections/{id}', { params: { path: { id } } });
    expect(read.data!.data.status).toBe('success');
    expect((await walletBalance(service, service.merchantId, 'KES')).available - before.available).toBe(4_000n);
    await service.sql`update provider_status_polls set next_poll_at = now() where resource_id = ${id}`;
    await pollProviderStatuses(service.runtime.jobDeps);
    expect((await walletBalance(service, service.merchantId, 'KES')).available - before.available).toBe(4_000n);
    await expectLedgerInvariants(service);
  });
});

describe('breaker', () => {
  it('stops calling a provider whose breaker opened, and serves its route from the next one', async () => {
    a.mode = 'refusing';
    for (let i = 0; i < 4; i += 1) {
      const created = await collect(service.client, card(5_000 + i));
      expect(await providerOf(created.data!.data.id)).toBe('testpay_b');
    }
    expect(service.runtime.rails.breakerState('card', 'testpay_a')).toBe('open');
    expect(service.runtime.rails.breakerState('card', 'testpay_b')).toBe('closed');
    expect(service.runtime.rails.breakerState('mobile_money', 'testpay_a')).toBe('closed');
    expect(service.runtime.rails.breakerState('card')).toBe('closed');
    const callsBefore = a.calls.get('POST /charges') ?? 0;
    a.mode = 'up';
    const created = await collect(service.client, card(5_100));
    expect(await providerOf(created.data!.data.id)).toBe('testpay_b');
    expect(a.calls.get('POST /charges') ?? 0).toBe(callsBefore);
  });
});
