// Sandbox connectors against a real PostgreSQL: every magic value of every rail, idempotent
// re-initiation, synchronous declines, refunds and their provider-side checks.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RailDeclinedError,
  RailOutageError,
  createSandboxRailConnectors,
  resolveSandboxRailsConfig,
  type CollectionInitiation,
  type Rail,
  type RailConnector,
  type RailInitiationResult,
  type RailPayer,
  type SandboxRailsConfig,
} from '../../src/rails/index.ts';
import { startTestDatabase, type TestDatabase } from './helpers/postgres.ts';

const OUTCOME_DELAY_MS = 100;
const CHALLENGE_DELAY_MS = 200;
const LATE_DELAY_MS = 5_000;
// Far above an ordinary initiation even on a loaded CI machine, so "not slow" stays measurable.
const SLOW_INITIATION_MS = 800;
const ACTION_URL_BASE = 'https://sandbox.example.test/rails';

let db: TestDatabase;
let config: SandboxRailsConfig;
let connectors: Record<Rail, RailConnector>;

beforeAll(async () => {
  db = await startTestDatabase();
  config = resolveSandboxRailsConfig({
    outcomeDelayMs: OUTCOME_DELAY_MS,
    challengeOutcomeDelayMs: CHALLENGE_DELAY_MS,
    lateOutcomeDelayMs: LATE_DELAY_MS,
    slowInitiationMs: SLOW_INITIATION_MS,
    actionUrlBase: ACTION_URL_BASE,
  });
  connectors = createSandboxRailConnectors({ sql: db.sql, config });
}, 60_000);

afterAll(async () => {
  await db?.stop();
});

beforeEach(async () => {
  config.railsDown = [];
  await db.sql`TRUNCATE sandbox_rail_reversals, sandbox_rail_outcomes, sandbox_rail_initiations`;
});

function collection(payer: RailPayer, overrides: Partial<CollectionInitiation> = {}): CollectionInitiation {
  return {
    transactionId: randomUUID(),
    merchantId: '6f1c1c52-4f57-4d35-9a54-5a0d1c1f0001',
    amount: 150_000,
    currency: 'KES',
    payer,
    reference: null,
    ...overrides,
  };
}

interface StoredOutcome {
  outcome: string;
  failure_reason: string | null;
  delay_ms: number;
  kind: string;
  transaction_id: string;
}

async function storedOutcome(providerReference: string): Promise<StoredOutcome | undefined> {
  const rows = await db.sql<StoredOutcome[]>`
    SELECT o.outcome, o.failure_reason, o.kind, o.transaction_id::text AS transaction_id,
           (extract(epoch FROM (o.due_at - i.created_at)) * 1000)::int AS delay_ms
    FROM sandbox_rail_outcomes o JOIN sandbox_rail_initiations i USING (provider_reference)
    WHERE o.provider_reference = ${providerReference}`;
  return rows[0];
}

async function countRows(): Promise<{ initiations: number; outcomes: number }> {
  const [row] = await db.sql<{ initiations: number; outcomes: number }[]>`
    SELECT (SELECT count(*)::int FROM sandbox_rail_initiations) AS initiations,
           (SELECT count(*)::int FROM sandbox_rail_outcomes) AS outcomes`;
  return row ?? { initiations: -1, outcomes: -1 };
}

type Expected =
  | { outage: true }
  | {
      outage?: false;
      outcome: 'success' | 'failed';
      failureReason: string | null;
      delayMs: number;
      actionUrl: RegExp | null;
      ussdCode: RegExp | null;
      slow?: boolean;
    };

interface MagicCase {
  rail: Rail;
  payer: RailPayer;
  reference?: string;
  expected: Expected;
}

const ok = { outcome: 'success' as const, failureReason: null, delayMs: OUTCOME_DELAY_MS, actionUrl: null, ussdCode: null };
const MM_USSD = /^\*384\*\d{6}#$/;
const USSD_RAIL = /^\*737\*\d{6}#$/;
const CARD_3DS = /^https:\/\/sandbox\.example\.test\/rails\/card\/3ds\/CARD-[0-9A-Z]{24}$/;
const BANK_AUTH = /^https:\/\/sandbox\.example\.test\/rails\/bank\/authorize\/BANK-[0-9A-Z]{24}$/;
const QR_PAGE = /^https:\/\/sandbox\.example\.test\/rails\/qr\/pay\/QR-[0-9A-Z]{24}$/;

const MAGIC_CASES: MagicCase[] = [
  // mobile_money: last 7 digits of the phone.
  { rail: 'mobile_money', payer: { phone: '+254712345678' }, expected: ok },
  { rail: 'mobile_money', payer: { phone: '+254700000000' }, expected: ok },
  { rail: 'mobile_money', payer: { phone: '+254700000001' }, expected: { ...ok, outcome: 'failed', failureReason: 'insufficient_funds' } },
  { rail: 'mobile_money', payer: { phone: '+233240000001' }, expected: { ...ok, outcome: 'failed', failureReason: 'insufficient_funds' } },
  { rail: 'mobile_money', payer: { phone: '+254700000002' }, expected: { ...ok, outcome: 'failed', failureReason: 'payer_declined' } },
  { rail: 'mobile_money', payer: { phone: '+254700000003' }, expected: { ...ok, delayMs: CHALLENGE_DELAY_MS, ussdCode: MM_USSD } },
  { rail: 'mobile_money', payer: { phone: '+254700000004' }, expected: { ...ok, slow: true } },
  { rail: 'mobile_money', payer: { phone: '+254700000005' }, expected: { ...ok, delayMs: LATE_DELAY_MS } },
  { rail: 'mobile_money', payer: { phone: '+254700000006' }, expected: { outage: true } },
  { rail: 'mobile_money', payer: { phone: '+254700000007' }, expected: ok },
  // ussd: same phone suffixes; every USSD collection carries its dial string.
  { rail: 'ussd', payer: { phone: '+2348030000000' }, expected: { ...ok, ussdCode: USSD_RAIL } },
  { rail: 'ussd', payer: { phone: '+2348030000001' }, expected: { ...ok, ussdCode: USSD_RAIL, outcome: 'failed', failureReason: 'insufficient_funds' } },
  { rail: 'ussd', payer: { phone: '+2348030000002' }, expected: { ...ok, ussdCode: USSD_RAIL, outcome: 'failed', failureReason: 'payer_declined' } },
  { rail: 'ussd', payer: { phone: '+2348030000003' }, expected: { ...ok, ussdCode: USSD_RAIL } },
  { rail: 'ussd', payer: { phone: '+2348030000004' }, expected: { ...ok, ussdCode: USSD_RAIL, slow: true } },
  { rail: 'ussd', payer: { phone: '+2348030000005' }, expected: { ...ok, ussdCode: USSD_RAIL, delayMs: LATE_DELAY_MS } },
  { rail: 'ussd', payer: { phone: '+2348030000006' }, expected: { outage: true } },
  { rail: 'ussd', payer: { phone: '+2348030000007' }, expected: { ...ok, ussdCode: USSD_RAIL } },
  // card: exact token.
  { rail: 'card', payer: { cardToken: 'tok_visa_4242' }, expected: ok },
  { rail: 'card', payer: { cardToken: 'tok_sandbox_success' }, expected: ok },
  { rail: 'card', payer: { cardToken: 'tok_sandbox_fail' }, expected: { ...ok, outcome: 'failed', failureReason: 'card_declined' } },
  { rail: 'card', payer: { cardToken: 'tok_sandbox_insufficient_funds' }, expected: { ...ok, outcome: 'failed', failureReason: 'insufficient_funds' } },
  { rail: 'card', payer: { cardToken: 'tok_sandbox_challenge' }, expected: { ...ok, delayMs: CHALLENGE_DELAY_MS, actionUrl: CARD_3DS } },
  {
    rail: 'card',
    payer: { cardToken: 'tok_sandbox_challenge_fail' },
    expected: { ...ok, delayMs: CHALLENGE_DELAY_MS, actionUrl: CARD_3DS, outcome: 'failed', failureReason: 'authentication_failed' },
  },
  { rail: 'card', payer: { cardToken: 'tok_sandbox_slow' }, expected: { ...ok, slow: true } },
  { rail: 'card', payer: { cardToken: 'tok_sandbox_late' }, expected: { ...ok, delayMs: LATE_DELAY_MS } },
  { rail: 'card', payer: { cardToken: 'tok_sandbox_outage' }, expected: { outage: true } },
  { rail: 'card', payer: { cardToken: 'tok_sandbox_refund_fail' }, expected: ok },
  // bank: exact account reference.
  { rail: 'bank', payer: { accountRef: 'acct_ke_001' }, expected: ok },
  { rail: 'bank', payer: { accountRef: 'acct_sandbox_success' }, expected: ok },
  { rail: 'bank', payer: { accountRef: 'acct_sandbox_fail' }, expected: { ...ok, outcome: 'failed', failureReason: 'insufficient_funds' } },
  { rail: 'bank', payer: { accountRef: 'acct_sandbox_closed' }, expected: { ...ok, outcome: 'failed', failureReason: 'account_closed' } },
  { rail: 'bank', payer: { accountRef: 'acct_sandbox_challenge' }, expected: { ...ok, delayMs: CHALLENGE_DELAY_MS, actionUrl: BANK_AUTH } },
  {
    rail: 'bank',
    payer: { accountRef: 'acct_sandbox_challenge_fail' },
    expected: { ...ok, delayMs: CHALLENGE_DELAY_MS, actionUrl: BANK_AUTH, outcome: 'failed', failureReason: 'authentication_failed' },
  },
  { rail: 'bank', payer: { accountRef: 'acct_sandbox_slow' }, expected: { ...ok, slow: true } },
  { rail: 'bank', payer: { accountRef: 'acct_sandbox_late' }, expected: { ...ok, delayMs: LATE_DELAY_MS } },
  { rail: 'bank', payer: { accountRef: 'acct_sandbox_outage' }, expected: { outage: true } },
  { rail: 'bank', payer: { accountRef: 'acct_sandbox_refund_fail' }, expected: ok },
  // qr: reference prefix; every QR collection carries the page of its code.
  { rail: 'qr', payer: {}, expected: { ...ok, actionUrl: QR_PAGE } },
  { rail: 'qr', payer: {}, reference: 'order-1013', expected: { ...ok, actionUrl: QR_PAGE } },
  { rail: 'qr', payer: {}, reference: 'sandbox_success', expected: { ...ok, actionUrl: QR_PAGE } },
  { rail: 'qr', payer: {}, reference: 'sandbox_fail:order-42', expected: { ...ok, actionUrl: QR_PAGE, outcome: 'failed', failureReason: 'payer_declined' } },
  {
    rail: 'qr',
    payer: {},
    reference: 'sandbox_insufficient_funds',
    expected: { ...ok, actionUrl: QR_PAGE, outcome: 'failed', failureReason: 'insufficient_funds' },
  },
  { rail: 'qr', payer: {}, reference: 'sandbox_slow', expected: { ...ok, actionUrl: QR_PAGE, slow: true } },
  { rail: 'qr', payer: {}, reference: 'sandbox_late', expected: { ...ok, actionUrl: QR_PAGE, delayMs: LATE_DELAY_MS } },
  { rail: 'qr', payer: {}, reference: 'sandbox_outage', expected: { outage: true } },
  { rail: 'qr', payer: {}, reference: 'sandbox_refund_fail', expected: { ...ok, actionUrl: QR_PAGE } },
];

const REFERENCE_PATTERNS: Record<Rail, RegExp> = {
  mobile_money: /^MM-[0-9A-Z]{24}$/,
  card: /^CARD-[0-9A-Z]{24}$/,
  bank: /^BANK-[0-9A-Z]{24}$/,
  ussd: /^USSD-[0-9A-Z]{24}$/,
  qr: /^QR-[0-9A-Z]{24}$/,
};

describe('magic values', () => {
  it.each(MAGIC_CASES.map((magic) => [magic.rail, JSON.stringify(magic.payer), magic.reference ?? '', magic] as const))(
    '%s %s %s',
    async (rail, _payer, _reference, magic) => {
      const request = collection(magic.payer, { reference: magic.reference ?? null });
      const started = performance.now();
      if (magic.expected.outage === true) {
        const error = await connectors[rail].initiateCollection(request).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(RailOutageError);
        expect((error as RailOutageError).outageCause).toBe('provider_down');
        expect(await countRows()).toEqual({ initiations: 0, outcomes: 0 });
        return;
      }
      const expected = magic.expected;
      const result = await connectors[rail].initiateCollection(request);
      const elapsedMs = performance.now() - started;

      expect(result.providerReference).toMatch(REFERENCE_PATTERNS[rail]);
      if (expected.actionUrl === null) expect(result.actionUrl).toBeNull();
      else expect(result.actionUrl).toMatch(expected.actionUrl);
      if (expected.actionUrl !== null) expect(result.actionUrl?.endsWith(result.providerReference)).toBe(true);
      if (expected.ussdCode === null) expect(result.ussdCode).toBeNull();
      else expect(result.ussdCode).toMatch(expected.ussdCode);
      if (expected.slow === true) expect(elapsedMs).toBeGreaterThanOrEqual(SLOW_INITIATION_MS - 5);
      else expect(elapsedMs).toBeLessThan(SLOW_INITIATION_MS);

      const stored = await storedOutcome(result.providerReference);
      expect(stored).toEqual({
        outcome: expected.outcome,
        failure_reason: expected.failureReason,
        delay_ms: expected.delayMs,
        kind: 'collection',
        transaction_id: request.transactionId,
      });
    },
  );
});

describe('idempotency on transactionId', () => {
  it('re-initiation returns the original answer and schedules nothing new', async () => {
    const request = collection({ cardToken: 'tok_sandbox_challenge' });
    const first = await connectors.card.initiateCollection(request);
    const second = await connectors.card.initiateCollection({ ...request, payer: { ...request.payer } });
    expect(second).toEqual(first);
    expect(await countRows()).toEqual({ initiations: 1, outcomes: 1 });
  });

  it('a replay of a slow initiation answers at once', async () => {
    const request = collection({ cardToken: 'tok_sandbox_slow' });
    const first = await connectors.card.initiateCollection(request);
    const started = performance.now();
    expect(await connectors.card.initiateCollection(request)).toEqual(first);
    expect(performance.now() - started).toBeLessThan(SLOW_INITIATION_MS);
  });

  it('concurrent initiations with one transactionId record one initiation and agree', async () => {
    const request = collection({ phone: '+254700000003' });
    const results = await Promise.all(Array.from({ length: 8 }, () => connectors.mobile_money.initiateCollection(request)));
    for (const result of results) expect(result).toEqual(results[0]);
    expect(await countRows()).toEqual({ initiations: 1, outcomes: 1 });
  });

  it('the same transactionId with a different request is declined', async () => {
    const request = collection({ phone: '+254712345678' });
    await connectors.mobile_money.initiateCollection(request);
    const error = await connectors.mobile_money
      .initiateCollection({ ...request, amount: request.amount + 1 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RailDeclinedError);
    expect((error as RailDeclinedError).declineCode).toBe('transaction_id_reused_with_different_request');
    expect(await countRows()).toEqual({ initiations: 1, outcomes: 1 });
  });

  it('the same transactionId on another rail is a separate initiation', async () => {
    const transactionId = randomUUID();
    const onCard = await connectors.card.initiateCollection(collection({ cardToken: 'tok_visa' }, { transactionId }));
    const onBank = await connectors.bank.initiateCollection(collection({ accountRef: 'acct_1' }, { transactionId }));
    expect(onCard.providerReference).not.toBe(onBank.providerReference);
    expect(await countRows()).toEqual({ initiations: 2, outcomes: 2 });
  });

  it('an initiation refused by an outage records nothing, so a retry after recovery starts afresh', async () => {
    const request = collection({ phone: '+254712345678' });
    config.railsDown = ['mobile_money'];
    await expect(connectors.mobile_money.initiateCollection(request)).rejects.toBeInstanceOf(RailOutageError);
    expect(await countRows()).toEqual({ initiations: 0, outcomes: 0 });
    config.railsDown = [];
    const result = await connectors.mobile_money.initiateCollection(request);
    expect(result.providerReference).toMatch(REFERENCE_PATTERNS.mobile_money);
    expect(await countRows()).toEqual({ initiations: 1, outcomes: 1 });
  });
});

describe('initiations batched under load', () => {
  // One connector set whose rails send what arrives while one initiation is under way as one statement.
  const batching = () => createSandboxRailConnectors({ sql: db.sql, config, initiationBatch: { inFlightMax: 1 } });

  async function initiationTransactions(): Promise<Map<string, string>> {
    const rows = await db.sql<{ provider_reference: string; xid: string }[]>`
      SELECT provider_reference, xmin::text AS xid FROM sandbox_rail_initiations`;
    return new Map(rows.map((row) => [row.provider_reference, row.xid]));
  }

  it('each initiation of a batch gets its own record and scheduled outcome, in one statement', async () => {
    const rails = batching();
    const payers = ['+254712345678', '+254700000001', '+254700000003', '+254700000005', '+254700000002'];
    const requests = payers.map((phone) => collection({ phone }));
    const results = await Promise.all(requests.map((request) => rails.mobile_money.initiateCollection(request)));
    expect(await countRows()).toEqual({ initiations: 5, outcomes: 5 });
    // Each outcome follows its own magic value, whatever its place in the statement.
    const outcomes = await Promise.all(results.map((result) => storedOutcome(result.providerReference)));
    expect(outcomes.map((o) => [o?.outcome, o?.failure_reason, o?.transaction_id])).toEqual([
      ['success', null, requests[0]!.transactionId],
      ['failed', 'insufficient_funds', requests[1]!.transactionId],
      ['success', null, requests[2]!.transactionId],
      ['success', null, requests[3]!.transactionId],
      ['failed', 'payer_declined', requests[4]!.transactionId],
    ]);
    expect(outcomes[3]!.delay_ms).toBeGreaterThanOrEqual(LATE_DELAY_MS - 50);
    expect(results[2]!.ussdCode).toMatch(MM_USSD);
    expect(results.filter((r) => r.ussdCode !== null)).toHaveLength(1);
    const xids = await initiationTransactions();
    expect(xids.get(results[0]!.providerReference)).not.toBe(xids.get(results[1]!.providerReference));
    expect(new Set(results.slice(1).map((r) => xids.get(r.providerReference))).size).toBe(1);
  });

  it('one transactionId twice in a batch: one initiation, the repeat answers as the first, another request is declined', async () => {
    const rails = batching();
    const request = collection({ phone: '+254712345678' });
    const results = await Promise.allSettled([
      rails.mobile_money.initiateCollection(collection({ phone: '+254712345678' })),
      rails.mobile_money.initiateCollection(request),
      rails.mobile_money.initiateCollection({ ...request }),
      rails.mobile_money.initiateCollection({ ...request, amount: request.amount + 1 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    const [, first, repeat] = results as PromiseFulfilledResult<RailInitiationResult>[];
    expect(repeat!.value).toEqual(first!.value);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ declineCode: 'transaction_id_reused_with_different_request' });
    expect(await countRows()).toEqual({ initiations: 2, outcomes: 2 });
  });
});

describe('status query by our reference (findCollection)', () => {
  it('answers what the initiation answered, null for an id the rail never accepted, and fails while the rail is down', async () => {
    const request = collection({ cardToken: 'tok_sandbox_challenge' });
    expect(await connectors.card.findCollection(request.transactionId)).toBeNull();
    const initiated = await connectors.card.initiateCollection(request);
    expect(await connectors.card.findCollection(request.transactionId)).toEqual(initiated);
    // Another rail does not hold it.
    expect(await connectors.bank.findCollection(request.transactionId)).toBeNull();
    config.railsDown = ['card'];
    await expect(connectors.card.findCollection(request.transactionId)).rejects.toBeInstanceOf(RailOutageError);
    expect(await countRows()).toEqual({ initiations: 1, outcomes: 1 });
  });

  it('does not report a refund as a collection', async () => {
    const parent = await connectors.mobile_money.initiateCollection(collection({ phone: '+254712345678' }));
    const refundId = randomUUID();
    await connectors.mobile_money.initiateRefund({ transactionId: refundId, parentProviderReference: parent.providerReference, amount: 1, currency: 'KES' });
    expect(await countRows()).toEqual({ initiations: 2, outcomes: 2 });
    expect(await connectors.mobile_money.findCollection(refundId)).toBeNull();
  });
});

describe('resending a sent outcome (redeliverOutcome)', () => {
  const outcomeRow = async (transactionId: string) => {
    const [row] = await db.sql<{ attempts: number; abandoned_at: Date | null; delivered_at: Date | null; last_error: string | null; due_at: Date }[]>`
      SELECT attempts, abandoned_at, delivered_at, last_error, due_at FROM sandbox_rail_outcomes WHERE transaction_id = ${transactionId}`;
    return row!;
  };

  it('sends again only an outcome it already sent, as due now (the ingress queues it again unless it was applied)', async () => {
    const request = collection({ phone: '+254712345678' });
    expect(await connectors.mobile_money.redeliverOutcome(request.transactionId)).toBe(false); // unknown
    await connectors.mobile_money.initiateCollection(request);
    expect(await connectors.mobile_money.redeliverOutcome(request.transactionId)).toBe(false); // not sent yet: on its way
    await db.sql`UPDATE sandbox_rail_outcomes SET attempts = 1, delivered_at = now(), due_at = now() - interval '1 hour'
      WHERE transaction_id = ${request.transactionId}`;
    // Another rail does not hold it.
    expect(await connectors.card.redeliverOutcome(request.transactionId)).toBe(false);
    const before = Date.now();
    expect(await connectors.mobile_money.redeliverOutcome(request.transactionId)).toBe(true);
    const row = await outcomeRow(request.transactionId);
    expect(row).toMatchObject({ attempts: 1, abandoned_at: null, delivered_at: null, last_error: null });
    expect(row.due_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(row.due_at.getTime()).toBeGreaterThan(before - 60_000);
    expect(await connectors.mobile_money.redeliverOutcome(request.transactionId)).toBe(false); // already on its way
  });

  it('fails while the rail is down', async () => {
    const request = collection({ phone: '+254712345678' });
    await connectors.mobile_money.initiateCollection(request);
    await db.sql`UPDATE sandbox_rail_outcomes SET delivered_at = now(), attempts = 1 WHERE transaction_id = ${request.transactionId}`;
    config.railsDown = ['mobile_money'];
    await expect(connectors.mobile_money.redeliverOutcome(request.transactionId)).rejects.toBeInstanceOf(RailOutageError);
    expect((await outcomeRow(request.transactionId)).delivered_at).not.toBeNull();
  });
});

describe('reversal of a whole collection (reverseCollection)', () => {
  const reversalRows = async (transactionId: string) => await db.sql`SELECT * FROM sandbox_rail_reversals WHERE transaction_id = ${transactionId}`;

  it('voids a collection whose outcome is not yet delivered: recorded with its own reference, the outcome never sent or resent', async () => {
    const request = collection({ phone: '+254712345678' }, { amount: 2_500 });
    const initiated = await connectors.mobile_money.initiateCollection(request);
    const reversal = await connectors.mobile_money.reverseCollection({ transactionId: request.transactionId, reason: 'could not be recorded' });
    expect(reversal).toEqual({
      providerReference: expect.stringMatching(/^MM-RV-[0-9A-Z]{24}$/), collectionProviderReference: initiated.providerReference, amount: 2_500, currency: 'KES',
    });
    expect(await reversalRows(request.transactionId)).toEqual([expect.objectContaining({
      rail: 'mobile_money', provider_reference: reversal.providerReference, collection_provider_reference: initiated.providerReference,
      amount: 2_500n, currency: 'KES', reason: 'could not be recorded',
    })]);
    const [outcome] = await db.sql`SELECT abandoned_at, delivered_at, last_error FROM sandbox_rail_outcomes WHERE transaction_id = ${request.transactionId}`;
    expect(outcome).toMatchObject({ abandoned_at: expect.any(Date), delivered_at: null, last_error: expect.stringContaining('reversed') });
    expect(await connectors.mobile_money.redeliverOutcome(request.transactionId)).toBe(false);
    // Idempotent: the same reversal again, nothing new recorded.
    expect(await connectors.mobile_money.reverseCollection({ transactionId: request.transactionId, reason: 'again' })).toEqual(reversal);
    expect(await reversalRows(request.transactionId)).toHaveLength(1);
    // The status query still reports it; initiating it again is declined, as a voided payment.
    expect(await connectors.mobile_money.findCollection(request.transactionId)).toEqual(initiated);
    await expect(connectors.mobile_money.initiateCollection(request)).rejects.toMatchObject({ declineCode: 'collection_reversed' });
  });

  it('a reversed collection cannot be refunded, and a refunded one cannot be reversed', async () => {
    const reversed = collection({ cardToken: 'tok_visa' });
    const first = await connectors.card.initiateCollection(reversed);
    await connectors.card.reverseCollection({ transactionId: reversed.transactionId, reason: 'test' });
    await expect(connectors.card.initiateRefund({ transactionId: randomUUID(), parentProviderReference: first.providerReference, amount: 1, currency: 'KES' }))
      .rejects.toMatchObject({ declineCode: 'parent_reversed' });

    const refunded = collection({ cardToken: 'tok_visa' });
    const second = await connectors.card.initiateCollection(refunded);
    await connectors.card.initiateRefund({ transactionId: randomUUID(), parentProviderReference: second.providerReference, amount: 1, currency: 'KES' });
    await expect(connectors.card.reverseCollection({ transactionId: refunded.transactionId, reason: 'test' }))
      .rejects.toMatchObject({ declineCode: 'collection_refunded' });
  });

  it('declines an id it holds no collection under (or a refund\'s id), and fails while the rail is down', async () => {
    await expect(connectors.bank.reverseCollection({ transactionId: randomUUID(), reason: 'test' })).rejects.toMatchObject({ declineCode: 'collection_not_found' });
    const request = collection({ phone: '+254712345678' });
    await connectors.mobile_money.initiateCollection(request);
    // Another rail does not hold it.
    await expect(connectors.ussd.reverseCollection({ transactionId: request.transactionId, reason: 'test' })).rejects.toBeInstanceOf(RailDeclinedError);
    config.railsDown = ['mobile_money'];
    await expect(connectors.mobile_money.reverseCollection({ transactionId: request.transactionId, reason: 'test' })).rejects.toBeInstanceOf(RailOutageError);
    expect(await reversalRows(request.transactionId)).toHaveLength(0);
  });
});

describe('forced rail down (SANDBOX_RAILS_DOWN)', () => {
  it('refuses every initiation of a down rail, whatever the input, and leaves other rails alone', async () => {
    config.railsDown = ['card', 'bank'];
    for (const [rail, payer] of [
      ['card', { cardToken: 'tok_sandbox_success' }],
      ['bank', { accountRef: 'acct_sandbox_success' }],
    ] as const) {
      const error = await connectors[rail].initiateCollection(collection(payer)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RailOutageError);
      expect((error as RailOutageError).outageCause).toBe('rail_forced_down');
      expect((error as RailOutageError).rail).toBe(rail);
    }
    await expect(connectors.mobile_money.initiateCollection(collection({ phone: '+254712345678' }))).resolves.toBeDefined();
    expect(await countRows()).toEqual({ initiations: 1, outcomes: 1 });
  });

  it('refuses refunds on a down rail too', async () => {
    const parent = await connectors.card.initiateCollection(collection({ cardToken: 'tok_visa' }));
    config.railsDown = ['card'];
    const error = await connectors.card
      .initiateRefund({ transactionId: randomUUID(), parentProviderReference: parent.providerReference, amount: 100, currency: 'KES' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RailOutageError);
  });
});

describe('synchronous declines (malformed input)', () => {
  const cases: [string, Rail, Partial<CollectionInitiation>, string][] = [
    ['transaction id not a uuid', 'card', { transactionId: 'txn-1', payer: { cardToken: 'tok_visa' } }, 'invalid_transaction_id'],
    ['amount zero', 'card', { amount: 0, payer: { cardToken: 'tok_visa' } }, 'invalid_amount'],
    ['amount fractional', 'card', { amount: 10.5, payer: { cardToken: 'tok_visa' } }, 'invalid_amount'],
    ['amount unsafe', 'card', { amount: 2 ** 53, payer: { cardToken: 'tok_visa' } }, 'invalid_amount'],
    ['lower-case currency', 'card', { currency: 'kes', payer: { cardToken: 'tok_visa' } }, 'invalid_currency'],
    ['phone missing (mobile_money)', 'mobile_money', { payer: {} }, 'payer_phone_missing'],
    ['phone missing (ussd)', 'ussd', { payer: { phone: null } }, 'payer_phone_missing'],
    ['phone malformed', 'mobile_money', { payer: { phone: '07-12 34' } }, 'payer_phone_invalid'],
    ['card token missing', 'card', { payer: { phone: '+254712345678' } }, 'payer_card_token_missing'],
    ['raw card number as token', 'card', { payer: { cardToken: '4242424242424242' } }, 'payer_card_token_invalid'],
    ['grouped card number as token', 'card', { payer: { cardToken: '4242-4242-4242-4242' } }, 'payer_card_token_invalid'],
    ['account ref missing', 'bank', { payer: {} }, 'payer_account_ref_missing'],
    ['account ref with spaces', 'bank', { payer: { accountRef: 'acct 1' } }, 'payer_account_ref_invalid'],
  ];
  it.each(cases)('%s', async (_name, rail, overrides, declineCode) => {
    const error = await connectors[rail].initiateCollection(collection({}, overrides)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RailDeclinedError);
    expect((error as RailDeclinedError).declineCode).toBe(declineCode);
    expect(await countRows()).toEqual({ initiations: 0, outcomes: 0 });
  });
});

describe('refunds', () => {
  async function successfulCollection(
    rail: Rail = 'card',
    payer: RailPayer = { cardToken: 'tok_visa' },
    amount = 10_000,
  ): Promise<RailInitiationResult> {
    return connectors[rail].initiateCollection(collection(payer, { amount }));
  }

  it('refund of a successful collection schedules a success outcome with a refund reference', async () => {
    const parent = await successfulCollection('mobile_money', { phone: '+254712345678' });
    const refundId = randomUUID();
    const refund = await connectors.mobile_money.initiateRefund({
      transactionId: refundId,
      parentProviderReference: parent.providerReference,
      amount: 4_000,
      currency: 'KES',
    });
    expect(refund).toEqual({ providerReference: expect.stringMatching(/^MM-RF-[0-9A-Z]{24}$/), actionUrl: null, ussdCode: null });
    expect(await storedOutcome(refund.providerReference)).toEqual({
      outcome: 'success',
      failure_reason: null,
      delay_ms: OUTCOME_DELAY_MS,
      kind: 'refund',
      transaction_id: refundId,
    });
  });

  it.each([
    ['mobile_money', { phone: '+254700000007' }, {}],
    ['ussd', { phone: '+254700000007' }, {}],
    ['card', { cardToken: 'tok_sandbox_refund_fail' }, {}],
    ['bank', { accountRef: 'acct_sandbox_refund_fail' }, {}],
    ['qr', {}, { reference: 'sandbox_refund_fail' }],
  ] as const)('%s refund_failure magic: collection succeeds, its refunds fail', async (rail, payer, overrides) => {
    const parent = await connectors[rail].initiateCollection(collection(payer, overrides));
    expect((await storedOutcome(parent.providerReference))?.outcome).toBe('success');
    const refund = await connectors[rail].initiateRefund({
      transactionId: randomUUID(),
      parentProviderReference: parent.providerReference,
      amount: 100,
      currency: 'KES',
    });
    expect(await storedOutcome(refund.providerReference)).toMatchObject({ outcome: 'failed', failure_reason: 'refund_rejected' });
  });

  it('partial refunds accumulate up to the collected amount, then the provider declines', async () => {
    const parent = await successfulCollection('card', { cardToken: 'tok_visa' }, 10_000);
    const refund = (amount: number) =>
      connectors.card.initiateRefund({ transactionId: randomUUID(), parentProviderReference: parent.providerReference, amount, currency: 'KES' });
    await refund(6_000);
    await refund(4_000);
    const error = await refund(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RailDeclinedError);
    expect((error as RailDeclinedError).declineCode).toBe('refund_exceeds_refundable_amount');
  });

  it('failed refunds do not use up the refundable amount', async () => {
    const parent = await successfulCollection('card', { cardToken: 'tok_sandbox_refund_fail' }, 1_000);
    const refund = (amount: number) =>
      connectors.card.initiateRefund({ transactionId: randomUUID(), parentProviderReference: parent.providerReference, amount, currency: 'KES' });
    await refund(1_000);
    await expect(refund(1_000)).resolves.toBeDefined();
  });

  it('concurrent refunds racing for the same amount: exactly one is accepted', async () => {
    const parent = await successfulCollection('card', { cardToken: 'tok_visa' }, 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        connectors.card.initiateRefund({ transactionId: randomUUID(), parentProviderReference: parent.providerReference, amount: 6_000, currency: 'KES' }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as RailDeclinedError).declineCode).toBe('refund_exceeds_refundable_amount');
    }
  });

  it('a refund replay returns the original answer even when nothing is left to refund', async () => {
    const parent = await successfulCollection('card', { cardToken: 'tok_visa' }, 10_000);
    const request = { transactionId: randomUUID(), parentProviderReference: parent.providerReference, amount: 10_000, currency: 'KES' };
    const first = await connectors.card.initiateRefund(request);
    const replays = await Promise.all([connectors.card.initiateRefund(request), connectors.card.initiateRefund(request)]);
    expect(replays).toEqual([first, first]);
    expect(await countRows()).toEqual({ initiations: 2, outcomes: 2 });
    const changed = await connectors.card.initiateRefund({ ...request, amount: 5_000 }).catch((caught: unknown) => caught);
    expect((changed as RailDeclinedError).declineCode).toBe('transaction_id_reused_with_different_request');
  });

  const declinedRefunds: [string, () => Promise<string>, string, string][] = [
    ['unknown parent', async () => 'CARD-NOTAREFERENCE', 'KES', 'parent_not_found'],
    ['parent on another rail', async () => (await successfulCollection('bank', { accountRef: 'acct_1' })).providerReference, 'KES', 'parent_not_found'],
    ['failed parent', async () => (await successfulCollection('card', { cardToken: 'tok_sandbox_fail' })).providerReference, 'KES', 'parent_not_successful'],
    ['currency differs', async () => (await successfulCollection()).providerReference, 'UGX', 'refund_currency_mismatch'],
  ];
  it.each(declinedRefunds)('declined: %s', async (_name, parentReference, currency, declineCode) => {
    const error = await connectors.card
      .initiateRefund({ transactionId: randomUUID(), parentProviderReference: await parentReference(), amount: 100, currency })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RailDeclinedError);
    expect((error as RailDeclinedError).declineCode).toBe(declineCode);
  });
});
