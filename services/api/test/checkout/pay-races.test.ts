// The pay's claim on its session under concurrency and partial failure: concurrent pays, a rail
// that is down, a rail that times out after accepting, and pays that died holding the claim.
// docs/decisions/0191-checkout-pay-claims-the-session.md describes the design these tests pin.
import { randomUUID } from 'node:crypto';
import { createCheckoutClient } from '@payagg/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PayCheckoutSessionRecoveryPoint } from '../../src/collections/flows/pay-checkout-session.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import {
  allRailInitiationCount, createSession, mobile_money_success, payerClient, railInitiationCount, sessionRow, transactionsOfSession,
} from './checkout-helpers.ts';

// The breaker gives up on the rail after breaker_timeout_ms while the sandbox's `slow` scenario
// accepts the initiation after slow_initiation_ms: the ambiguous timeout of a real provider.
// The timeout is far above an ordinary initiation even on a loaded 2-core CI machine (150 ms was
// not: six concurrent pays timed out there and the breaker then opened for the whole file).
const breaker_timeout_ms = 1_000;
const slow_initiation_ms = 1_200;

let service: TestService;
beforeAll(async () => {
  service = await startTestService({
    env: {
      SANDBOX_RAILS_DOWN: 'bank',
      RAIL_BREAKER_TIMEOUT_MS: String(breaker_timeout_ms),
      // The intended timeouts and outages of this file must not open the breaker: that is
      // test/rails/registry-breaker.test.ts's subject, not this file's.
      RAIL_BREAKER_VOLUME_THRESHOLD: '1000',
      SANDBOX_RAIL_SLOW_INITIATION_MS: String(slow_initiation_ms),
    },
  });
});
afterEach(async () => { expect((await service.runtime.ledger.checkInvariants()).ok).toBe(true); });
afterAll(async () => { await service?.close(); });

type PayBody = { rail: 'mobile_money' | 'card' | 'bank' | 'ussd' | 'qr'; payer_phone?: string; payer_card_token?: string; payer_account_ref?: string };

async function pay(session: { id: string; client_token: string }, body: PayBody, idempotencyKey = randomUUID()) {
  return await payerClient(service, session.client_token).POST('/checkout-sessions/{id}/pay', {
    params: { path: { id: session.id }, header: { 'Idempotency-Key': idempotencyKey } },
    body,
  });
}

function fieldsOf(result: { error?: unknown }): string[] {
  const details = (result.error as { error: { details?: { fields?: { field: string }[] } } }).error.details;
  return (details?.fields ?? []).map((f) => f.field);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('concurrent pays', () => {
  it('lets exactly one of several concurrent pays with different keys through; one transaction, one rail initiation', async () => {
    const session = await createSession(service.client, { allowed_rails: ['mobile_money', 'card'] });
    const initiationsBefore = await allRailInitiationCount(service.sql);
    const bodies: PayBody[] = [
      mobile_money_success, { rail: 'card', payer_card_token: 'tok_sandbox_success' },
      mobile_money_success, { rail: 'card', payer_card_token: 'tok_sandbox_success' },
      mobile_money_success, { rail: 'card', payer_card_token: 'tok_sandbox_success' },
    ];
    const keys = bodies.map(() => randomUUID());
    const results = await Promise.all(bodies.map((body, i) => pay(session, body, keys[i])));
    // The pay that claims the session may hit the breaker's 1 s timeout on a loaded machine: an
    // ambiguous 503 that keeps the claim (the "times out after accepting" case below). Its client
    // retries with the same key, as the SDK does, and gets the one transaction.
    for (let i = 0; i < results.length; i += 1) {
      for (let attempt = 0; results[i]!.response.status === 503 && attempt < 20; attempt += 1) {
        expect(results[i]!.error!.error.code).toBe('RAIL_UNAVAILABLE');
        await sleep(500);
        results[i] = await pay(session, bodies[i]!, keys[i]);
      }
    }
    const statuses = results.map((r) => r.response.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    for (const loser of results.filter((r) => r.response.status === 422)) expect(fieldsOf(loser)).toEqual(['session']);
    const winner = results.find((r) => r.response.status === 200)!.data!.data;

    expect((await transactionsOfSession(service.sql, session.id)).map((t) => t.id)).toEqual([winner.id]);
    expect(await allRailInitiationCount(service.sql) - initiationsBefore).toBe(1);
    expect(await sessionRow(service.sql, session.id)).toMatchObject({ status: 'completed', collection_intent_id: winner.id });
    // The losers' keys were released: nothing of them is left behind.
    const [records] = await service.sql`select count(*)::int as n from idempotency_keys where operation like ${`%/checkout-sessions/${session.id}/pay`}`;
    expect(records!.n).toBe(1);
  });

  it('answers concurrent requests with the same key with one and the same transaction', async () => {
    const session = await createSession(service.client);
    const key = randomUUID();
    const results = await Promise.all([1, 2, 3].map(() => pay(session, mobile_money_success, key)));
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    const ids = new Set(results.map((r) => r.data!.data.id));
    expect(ids.size).toBe(1);
    expect(await railInitiationCount(service.sql, [...ids])).toBe(1);
  });
});

describe('a rail that is down', () => {
  it('answers 503 RAIL_UNAVAILABLE, leaves the session open and unclaimed, and the same key pays once the rail is back', async () => {
    const session = await createSession(service.client, { allowed_rails: ['bank'] });
    const key = randomUUID();
    const body: PayBody = { rail: 'bank', payer_account_ref: 'acct_sandbox_success' };
    const down = await pay(session, body, key);
    expect(down.response.status).toBe(503);
    expect(down.error!.error.code).toBe('RAIL_UNAVAILABLE');
    expect(down.response.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await sessionRow(service.sql, session.id)).toMatchObject({ status: 'open', claimed_transaction_id: null });
    expect(await transactionsOfSession(service.sql, session.id)).toEqual([]);
    const read = await payerClient(service, session.client_token).GET('/checkout-sessions/{id}', { params: { path: { id: session.id } } });
    expect(read.data!.data.status).toBe('open');

    service.runtime.rails.setSandboxRailDown('bank', false);
    try {
      const again = await pay(session, body, key);
      expect(again.response.status).toBe(200);
      expect(await sessionRow(service.sql, session.id)).toMatchObject({ status: 'completed', collection_intent_id: again.data!.data.id });
    } finally {
      service.runtime.rails.setSandboxRailDown('bank', true);
    }
  });

  it('treats a provider outage (magic value) the same way, and another key may then pay', async () => {
    const session = await createSession(service.client);
    const outage = await pay(session, { rail: 'mobile_money', payer_phone: '+254700000006' });
    expect(outage.response.status).toBe(503);
    expect(await sessionRow(service.sql, session.id)).toMatchObject({ status: 'open', claimed_transaction_id: null });
    const paid = await pay(session, mobile_money_success);
    expect(paid.response.status).toBe(200);
  });
});

describe('a rail that times out after accepting the initiation', () => {
  it('keeps the session bound to the timed-out pay: another key is refused, the same key completes it with one initiation', async () => {
    const session = await createSession(service.client);
    const key = randomUUID();
    const slow: PayBody = { rail: 'mobile_money', payer_phone: '+254700000004' };
    const timedOut = await pay(session, slow, key);
    expect(timedOut.response.status).toBe(503);
    expect(timedOut.error!.error.code).toBe('RAIL_UNAVAILABLE');
    await sleep(slow_initiation_ms + 50); // the provider accepted it meanwhile
    const row = await sessionRow(service.sql, session.id);
    expect(row.status).toBe('open');
    const claimedBy = row.claimed_transaction_id;
    expect(claimedBy).not.toBeNull();
    expect(await railInitiationCount(service.sql, [claimedBy!])).toBe(1);

    // A second attempt with a new key would be a second charge: refused.
    const other = await pay(session, mobile_money_success);
    expect(other.response.status).toBe(422);
    expect(fieldsOf(other)).toEqual(['session']);
    expect(other.error!.error.message).toMatch(/in progress/);

    // The retry with the same key resumes with the same transaction id; the rail answers as before.
    const resumed = await pay(session, slow, key);
    expect(resumed.response.status).toBe(200);
    expect(resumed.data!.data.id).toBe(claimedBy);
    expect(await sessionRow(service.sql, session.id)).toMatchObject({ status: 'completed', collection_intent_id: claimedBy });
    const initiationsOfSession = await service.sql`
      select count(*)::int as n from sandbox_rail_initiations where transaction_id in (
        select id from transactions where checkout_session_id = ${session.id}) or transaction_id = ${claimedBy}`;
    expect(initiationsOfSession[0]!.n).toBe(1);
    await service.runtime.deliverRailOutcomes();
    const settled = await service.client.GET('/transactions/{id}', { params: { path: { id: claimedBy! } } });
    expect(settled.data!.data.status).toBe('success');
  });
});

describe('a rail that times out, with the SDK retrying', () => {
  it('completes the pay by itself: the SDK retries the 503 with the same key', async () => {
    const session = await createSession(service.client);
    const keysSent: (string | null)[] = [];
    const payer = createCheckoutClient({
      baseUrl: service.baseUrl, clientToken: session.client_token, retry: { maxRetries: 3, initialDelayMs: 100, maxDelayMs: 200 },
      fetch: async (request) => { keysSent.push(request.headers.get('Idempotency-Key')); return await fetch(request); },
    });
    const paid = await payer.POST('/checkout-sessions/{id}/pay', {
      params: { path: { id: session.id } }, body: { rail: 'mobile_money', payer_phone: '+254700000004' },
    });
    expect(paid.response.status).toBe(200);
    expect(keysSent.length).toBeGreaterThanOrEqual(2); // the first attempt timed out
    expect(new Set(keysSent).size).toBe(1);
    expect(await sessionRow(service.sql, session.id)).toMatchObject({ status: 'completed', collection_intent_id: paid.data!.data.id });
    expect(await railInitiationCount(service.sql, [paid.data!.data.id])).toBe(1);
  });
});

describe('a pay that died holding the claim', () => {
  async function pretendClaimedBy(sessionId: string, transactionId: string) {
    await service.sql`update checkout_sessions set claimed_transaction_id = ${transactionId} where id = ${sessionId}`;
  }
  async function insertRecord(input: { key: string; resourceId: string; recoveryPoint: string; lockedForMs: number }) {
    await service.sql`
      insert into idempotency_keys (merchant_id, key, operation, request_sha256, resource_id, recovery_point, locked_until, expires_at)
      values (${service.merchantId}, ${input.key}, 'POST /checkout-sessions/{id}/pay (crashed)', ${'0'.repeat(64)},
              ${input.resourceId}, ${input.recoveryPoint}, now() + ${input.lockedForMs} * interval '1 millisecond',
              now() + interval '1 hour')`;
  }

  it('hands the session to a new key when the dead pay left no record (it failed before reaching the rail)', async () => {
    const session = await createSession(service.client);
    await pretendClaimedBy(session.id, randomUUID());
    const paid = await pay(session, mobile_money_success);
    expect(paid.response.status).toBe(200);
    expect((await sessionRow(service.sql, session.id)).collection_intent_id).toBe(paid.data!.data.id);
  });

  it('hands it over once the lock of a pay still at "started" has lapsed, not before', async () => {
    const session = await createSession(service.client);
    const dead = randomUUID();
    await pretendClaimedBy(session.id, dead);
    await insertRecord({ key: randomUUID(), resourceId: dead, recoveryPoint: 'started', lockedForMs: 60_000 });
    const early = await pay(session, mobile_money_success);
    expect(early.response.status).toBe(422);
    expect(fieldsOf(early)).toEqual(['session']);
    await service.sql`update idempotency_keys set locked_until = now() - interval '1 millisecond' where resource_id = ${dead}`;
    const paid = await pay(session, mobile_money_success);
    expect(paid.response.status).toBe(200);
  });

  it('never hands over a claim whose pay may have reached the rail, even with its lock lapsed', async () => {
    const session = await createSession(service.client);
    const dead = randomUUID();
    await pretendClaimedBy(session.id, dead);
    await insertRecord({ key: randomUUID(), resourceId: dead, recoveryPoint: 'session_claimed' satisfies PayCheckoutSessionRecoveryPoint, lockedForMs: -1 });
    const refused = await pay(session, mobile_money_success);
    expect(refused.response.status).toBe(422);
    expect(fieldsOf(refused)).toEqual(['session']);
    await service.sql`update idempotency_keys set recovery_point = 'rail_initiated' where resource_id = ${dead}`;
    expect((await pay(session, mobile_money_success)).response.status).toBe(422);
    expect(await transactionsOfSession(service.sql, session.id)).toEqual([]);
  });

  it('refuses a new pay on a session that expired while claimed, but lets the claiming pay finish', async () => {
    const session = await createSession(service.client);
    const key = randomUUID();
    const slow: PayBody = { rail: 'mobile_money', payer_phone: '+254700000004' };
    expect((await pay(session, slow, key)).response.status).toBe(503); // times out holding the claim
    await service.sql`update checkout_sessions set expires_at = now() - interval '1 second' where id = ${session.id}`;
    const other = await pay(session, mobile_money_success);
    expect(other.response.status).toBe(422);
    expect(other.error!.error.message).toMatch(/expired/);
    await sleep(slow_initiation_ms + 50);
    const resumed = await pay(session, slow, key);
    expect(resumed.response.status).toBe(200);
    expect((await sessionRow(service.sql, session.id)).status).toBe('completed');
  });

  it('logged no unexpected error (no 500) in this file', () => {
    expect(service.logs.filter((line) => line.msg === 'unexpected error')).toEqual([]);
  });
});
