// The sandbox outcome poller against a real PostgreSQL: outcomes arrive only once due, exactly once
// across concurrent pollers, and handler failures are retried with backoff, then abandoned.

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  outcome_delivery_attempts_max,
  createSandboxOutcomePoller,
  createSandboxRailConnectors,
  resolveSandboxRailsConfig,
  retryBackoffMs,
  silentRailLogger,
  type CollectionInitiation,
  type Rail,
  type RailConnector,
  type RailOutcome,
  type RailPayer,
  type SandboxRailsConfig,
} from '../../src/rails/index.ts';
import { startTestDatabase, type TestDatabase } from './helpers/postgres.ts';

const OUTCOME_DELAY_MS = 400;

let db: TestDatabase;
let config: SandboxRailsConfig;
let connectors: Record<Rail, RailConnector>;

beforeAll(async () => {
  db = await startTestDatabase();
  config = resolveSandboxRailsConfig({
    outcomeDelayMs: OUTCOME_DELAY_MS,
    challengeOutcomeDelayMs: OUTCOME_DELAY_MS,
    lateOutcomeDelayMs: 60_000,
    slowInitiationMs: 10,
  });
  connectors = createSandboxRailConnectors({ sql: db.sql, config });
}, 60_000);

afterAll(async () => {
  await db?.stop();
});

beforeEach(async () => {
  await db.sql`TRUNCATE sandbox_rail_outcomes, sandbox_rail_initiations`;
});

function collection(payer: RailPayer, overrides: Partial<CollectionInitiation> = {}): CollectionInitiation {
  return {
    transactionId: randomUUID(),
    merchantId: randomUUID(),
    amount: 2_500,
    currency: 'GHS',
    payer,
    reference: null,
    ...overrides,
  };
}

function recordingHandler() {
  const delivered: RailOutcome[] = [];
  return { delivered, handler: async (outcome: RailOutcome) => void delivered.push(outcome) };
}

/** Moves every pending outcome's due time into the past, as if the delay had elapsed. */
async function makeAllDue(): Promise<void> {
  await db.sql`UPDATE sandbox_rail_outcomes SET due_at = now() - interval '1 millisecond' WHERE delivered_at IS NULL`;
}

describe('delivery timing', () => {
  it('delivers an outcome only after its delay, once, with the fields the handler needs', async () => {
    const { delivered, handler } = recordingHandler();
    const poller = createSandboxOutcomePoller({ sql: db.sql, handler, pollIntervalMs: 50, batchSize: 10, logger: silentRailLogger });
    const request = collection({ phone: '+233240000001' });
    const initiation = await connectors.mobile_money.initiateCollection(request);

    expect(await poller.runOnce()).toEqual({ claimed: 0, delivered: 0, retried: 0, abandoned: 0 });
    expect(delivered).toEqual([]);

    await sleep(OUTCOME_DELAY_MS + 50);
    expect(await poller.runOnce()).toEqual({ claimed: 1, delivered: 1, retried: 0, abandoned: 0 });
    expect(delivered).toEqual([
      {
        providerReference: initiation.providerReference,
        rail: 'mobile_money',
        kind: 'collection',
        status: 'failed',
        failureReason: 'insufficient_funds',
        transactionId: request.transactionId,
      },
    ]);

    expect(await poller.runOnce()).toEqual({ claimed: 0, delivered: 0, retried: 0, abandoned: 0 });
    const [row] = await db.sql<{ delivered: boolean; attempts: number }[]>`
      SELECT delivered_at IS NOT NULL AS delivered, attempts FROM sandbox_rail_outcomes`;
    expect(row).toEqual({ delivered: true, attempts: 1 });
  });

  it('delivers every rail’s collection and refund outcomes through start()/stop()', async () => {
    const { delivered, handler } = recordingHandler();
    const poller = createSandboxOutcomePoller({ sql: db.sql, handler, pollIntervalMs: 20, batchSize: 3, logger: silentRailLogger });
    const parents = await Promise.all([
      connectors.mobile_money.initiateCollection(collection({ phone: '+254712345678' })),
      connectors.ussd.initiateCollection(collection({ phone: '+2348030000002' })),
      connectors.card.initiateCollection(collection({ cardToken: 'tok_sandbox_challenge_fail' })),
      connectors.bank.initiateCollection(collection({ accountRef: 'acct_sandbox_closed' })),
      connectors.qr.initiateCollection(collection({}, { reference: 'sandbox_refund_fail:o-1' })),
    ]);
    const refund = await connectors.qr.initiateRefund({
      transactionId: randomUUID(),
      parentProviderReference: parents[4]?.providerReference ?? '',
      amount: 2_500,
      currency: 'GHS',
    });
    poller.start();
    const deadline = Date.now() + 5_000;
    while (delivered.length < 6 && Date.now() < deadline) await sleep(25);
    await poller.stop();

    const byReference = new Map(delivered.map((outcome) => [outcome.providerReference, outcome]));
    expect(delivered).toHaveLength(6);
    expect([...byReference.values()].map(({ rail, kind, status, failureReason }) => ({ rail, kind, status, failureReason }))).toEqual(
      expect.arrayContaining([
        { rail: 'mobile_money', kind: 'collection', status: 'success', failureReason: null },
        { rail: 'ussd', kind: 'collection', status: 'failed', failureReason: 'payer_declined' },
        { rail: 'card', kind: 'collection', status: 'failed', failureReason: 'authentication_failed' },
        { rail: 'bank', kind: 'collection', status: 'failed', failureReason: 'account_closed' },
        { rail: 'qr', kind: 'collection', status: 'success', failureReason: null },
        { rail: 'qr', kind: 'refund', status: 'failed', failureReason: 'refund_rejected' },
      ]),
    );
    expect(byReference.get(refund.providerReference)?.kind).toBe('refund');
  });

  it('stop() waits for the round in progress and no round starts afterwards', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const poller = createSandboxOutcomePoller({
      sql: db.sql,
      handler: async () => {
        calls += 1;
        await gate;
      },
      pollIntervalMs: 10,
      logger: silentRailLogger,
    });
    await connectors.card.initiateCollection(collection({ cardToken: 'tok_visa' }));
    await makeAllDue();
    poller.start();
    while (calls === 0) await sleep(5);
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    await sleep(30);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await connectors.card.initiateCollection(collection({ cardToken: 'tok_visa' }));
    await makeAllDue();
    await sleep(60);
    expect(calls).toBe(1);
  });
});

describe('several pollers side by side', () => {
  it('two pollers on separate pools deliver each outcome exactly once', async () => {
    const outcomeCount = 60;
    await Promise.all(
      Array.from({ length: outcomeCount }, (_, index) =>
        connectors.card.initiateCollection(collection({ cardToken: index % 3 === 0 ? 'tok_sandbox_fail' : 'tok_visa' })),
      ),
    );
    await makeAllDue();

    const deliveries = new Map<string, number>();
    const deliveredBy = { a: 0, b: 0 };
    const handlerFor = (name: 'a' | 'b') => async (outcome: RailOutcome) => {
      // A little latency so that the two pollers' rounds overlap.
      await sleep(5);
      deliveries.set(outcome.providerReference, (deliveries.get(outcome.providerReference) ?? 0) + 1);
      deliveredBy[name] += 1;
    };
    const otherInstance = db.connect();
    // Open both pools' connections first, so neither poller drains the queue while the other connects.
    await Promise.all([db.sql`SELECT 1`, otherInstance`SELECT 1`]);
    const pollerA = createSandboxOutcomePoller({ sql: db.sql, handler: handlerFor('a'), pollIntervalMs: 10, batchSize: 4, logger: silentRailLogger });
    const pollerB = createSandboxOutcomePoller({ sql: otherInstance, handler: handlerFor('b'), pollIntervalMs: 10, batchSize: 4, logger: silentRailLogger });

    const drain = async (poller: typeof pollerA) => {
      for (;;) {
        const summary = await poller.runOnce();
        if (summary.claimed === 0) return;
      }
    };
    await Promise.all([drain(pollerA), drain(pollerB), drain(pollerA), drain(pollerB)]);

    expect(deliveries.size).toBe(outcomeCount);
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
    expect(deliveredBy.a).toBeGreaterThan(0);
    expect(deliveredBy.b).toBeGreaterThan(0);
    const [row] = await db.sql<{ undelivered: number; over_attempted: number }[]>`
      SELECT count(*) FILTER (WHERE delivered_at IS NULL)::int AS undelivered,
             count(*) FILTER (WHERE attempts <> 1)::int AS over_attempted
      FROM sandbox_rail_outcomes`;
    expect(row).toEqual({ undelivered: 0, over_attempted: 0 });
  });

  it('a row claimed by a poller that died comes back after the claim lease', async () => {
    await connectors.bank.initiateCollection(collection({ accountRef: 'acct_1' }));
    await makeAllDue();
    const crashed = createSandboxOutcomePoller({
      sql: db.sql,
      handler: () => new Promise<void>(() => {}), // never settles: the process "died" mid-handler
      claimLeaseMs: 150,
      logger: silentRailLogger,
    });
    void crashed.runOnce();
    await sleep(30);
    const { delivered, handler } = recordingHandler();
    const survivor = createSandboxOutcomePoller({ sql: db.sql, handler, logger: silentRailLogger });
    expect((await survivor.runOnce()).claimed).toBe(0);
    await sleep(200);
    expect(await survivor.runOnce()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(delivered).toHaveLength(1);
  });
});

describe('handler failures', () => {
  const RETRY_BASE_DELAY_MS = 300;

  it('retries after a backoff and marks delivered only once the handler succeeds', async () => {
    const attemptsSeen: number[] = [];
    let failuresLeft = 2;
    const poller = createSandboxOutcomePoller({
      sql: db.sql,
      handler: async () => {
        attemptsSeen.push(Date.now());
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('collections store unavailable');
        }
      },
      retryBaseDelayMs: RETRY_BASE_DELAY_MS,
      retryMaxDelayMs: 10_000,
      logger: silentRailLogger,
    });
    await connectors.mobile_money.initiateCollection(collection({ phone: '+254712345678' }));
    await makeAllDue();

    expect(await poller.runOnce()).toEqual({ claimed: 1, delivered: 0, retried: 1, abandoned: 0 });
    const [afterFirst] = await db.sql<{ attempts: number; last_error: string; delivered: boolean; wait_ms: number }[]>`
      SELECT attempts, last_error, delivered_at IS NOT NULL AS delivered,
             (extract(epoch FROM (due_at - now())) * 1000)::int AS wait_ms
      FROM sandbox_rail_outcomes`;
    expect(afterFirst).toMatchObject({ attempts: 1, last_error: 'Error: collections store unavailable', delivered: false });
    // Equal jitter: between half and all of the nominal delay (exact bounds: see 'backoff schedule').
    expect(afterFirst?.wait_ms).toBeGreaterThan(0);
    expect(afterFirst?.wait_ms).toBeLessThanOrEqual(RETRY_BASE_DELAY_MS);
    expect(await poller.runOnce()).toMatchObject({ claimed: 0 });

    await sleep(RETRY_BASE_DELAY_MS + 20);
    expect(await poller.runOnce()).toEqual({ claimed: 1, delivered: 0, retried: 1, abandoned: 0 });
    await sleep(2 * RETRY_BASE_DELAY_MS + 20); // second backoff: twice the first
    expect(await poller.runOnce()).toEqual({ claimed: 1, delivered: 1, retried: 0, abandoned: 0 });
    expect(attemptsSeen).toHaveLength(3);

    const [final] = await db.sql<{ attempts: number; last_error: string | null; delivered: boolean }[]>`
      SELECT attempts, last_error, delivered_at IS NOT NULL AS delivered FROM sandbox_rail_outcomes`;
    expect(final).toEqual({ attempts: 3, last_error: null, delivered: true });
  });

  it('abandons an outcome after the last allowed attempt, bounds the stored error, and never delivers it again', async () => {
    let calls = 0;
    const poller = createSandboxOutcomePoller({
      sql: db.sql,
      handler: async () => {
        calls += 1;
        throw new TypeError('x'.repeat(2_000));
      },
      attemptsMax: 3,
      retryBaseDelayMs: 0,
      retryMaxDelayMs: 0,
      logger: silentRailLogger,
    });
    await connectors.card.initiateCollection(collection({ cardToken: 'tok_visa' }));
    await makeAllDue();
    expect(await poller.runOnce()).toMatchObject({ retried: 1 });
    expect(await poller.runOnce()).toMatchObject({ retried: 1 });
    expect(await poller.runOnce()).toMatchObject({ abandoned: 1 });
    await makeAllDue();
    expect(await poller.runOnce()).toMatchObject({ claimed: 0 });
    expect(calls).toBe(3);
    const [row] = await db.sql<{ abandoned: boolean; delivered: boolean; error_length: number }[]>`
      SELECT abandoned_at IS NOT NULL AS abandoned, delivered_at IS NOT NULL AS delivered, length(last_error)::int AS error_length
      FROM sandbox_rail_outcomes`;
    expect(row).toEqual({ abandoned: true, delivered: false, error_length: 500 });
  });

  it('a failing outcome does not hold back the others in its batch', async () => {
    const { delivered, handler } = recordingHandler();
    const failing = await connectors.card.initiateCollection(collection({ cardToken: 'tok_visa' }));
    await Promise.all([1, 2, 3].map(() => connectors.card.initiateCollection(collection({ cardToken: 'tok_visa' }))));
    await makeAllDue();
    const poller = createSandboxOutcomePoller({
      sql: db.sql,
      handler: async (outcome) => {
        if (outcome.providerReference === failing.providerReference) throw new Error('boom');
        await handler(outcome);
      },
      logger: silentRailLogger,
    });
    expect(await poller.runOnce()).toEqual({ claimed: 4, delivered: 3, retried: 1, abandoned: 0 });
    expect(delivered).toHaveLength(3);
  });
});

describe('batch handler', () => {
  async function threeDue(): Promise<string[]> {
    const references: string[] = [];
    for (const phone of ['+233240000011', '+233240000012', '+233240000013']) {
      references.push((await connectors.mobile_money.initiateCollection(collection({ phone }))).providerReference);
    }
    await makeAllDue();
    return references;
  }

  async function rowsOf(references: string[]) {
    return await db.sql<{ provider_reference: string; delivered: boolean; last_error: string | null; attempts: number }[]>`
      select provider_reference, delivered_at is not null as delivered, last_error, attempts
      from sandbox_rail_outcomes where provider_reference = any(${references}) order by provider_reference`;
  }

  it('hands the whole round to one call and records each answer: null delivered, an error retried', async () => {
    const references = await threeDue();
    const rounds: RailOutcome[][] = [];
    const poller = createSandboxOutcomePoller({
      sql: db.sql, batchSize: 10, retryBaseDelayMs: 60_000, logger: silentRailLogger,
      batchHandler: async (outcomes) => {
        rounds.push(outcomes);
        return outcomes.map((o) => (o.providerReference === references[1] ? new Error('ledger refused it') : null));
      },
    });
    expect(await poller.runOnce()).toEqual({ claimed: 3, delivered: 2, retried: 1, abandoned: 0 });
    expect(rounds.map((r) => r.map((o) => o.providerReference).sort())).toEqual([[...references].sort()]);
    const rows = await rowsOf(references);
    expect(rows.find((r) => r.provider_reference === references[1])).toMatchObject({ delivered: false, last_error: 'Error: ledger refused it' });
    expect(rows.filter((r) => r.delivered).length).toBe(2);
    // Not due again yet (backoff): the next round claims nothing.
    expect(await poller.runOnce()).toMatchObject({ claimed: 0 });
  });

  it('retries every outcome of a round whose batch handler throws, or answers for the wrong number of outcomes', async () => {
    const references = await threeDue();
    const throwing = createSandboxOutcomePoller({
      sql: db.sql, batchSize: 10, retryBaseDelayMs: 0, logger: silentRailLogger,
      batchHandler: async () => { throw new Error('database gone'); },
    });
    expect(await throwing.runOnce()).toEqual({ claimed: 3, delivered: 0, retried: 3, abandoned: 0 });
    expect((await rowsOf(references)).map((r) => r.last_error)).toEqual(['Error: database gone', 'Error: database gone', 'Error: database gone']);

    await makeAllDue();
    const short = createSandboxOutcomePoller({
      sql: db.sql, batchSize: 10, retryBaseDelayMs: 0, logger: silentRailLogger, batchHandler: async () => [null],
    });
    expect(await short.runOnce()).toEqual({ claimed: 3, delivered: 0, retried: 3, abandoned: 0 });
    expect((await rowsOf(references)).every((r) => !r.delivered && /answered 1 of 3/.test(r.last_error ?? ''))).toBe(true);
  });

  it('refuses to start with neither a handler nor a batch handler', () => {
    expect(() => createSandboxOutcomePoller({ sql: db.sql, logger: silentRailLogger })).toThrow(/handler or batchHandler/);
  });
});

describe('backoff schedule', () => {
  it('doubles per attempt, is capped, and never exceeds the nominal delay', () => {
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      const nominal = Math.min(300_000, 1_000 * 2 ** Math.min(attempt - 1, 30));
      for (let sample = 0; sample < 20; sample += 1) {
        const delay = retryBackoffMs(attempt, 1_000, 300_000);
        expect(Number.isSafeInteger(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(nominal / 2);
        expect(delay).toBeLessThanOrEqual(nominal);
      }
    }
    expect(outcome_delivery_attempts_max).toBeGreaterThan(1);
  });

  it('rejects nonsensical options', () => {
    expect(() => createSandboxOutcomePoller({ sql: db.sql, handler: async () => {}, batchSize: 0 })).toThrow(/batchSize/);
    expect(() => createSandboxOutcomePoller({ sql: db.sql, handler: async () => {}, pollIntervalMs: 1.5 })).toThrow(/pollIntervalMs/);
    expect(() =>
      createSandboxOutcomePoller({ sql: db.sql, handler: async () => {}, retryBaseDelayMs: 10, retryMaxDelayMs: 5 }),
    ).toThrow(/retryMaxDelayMs/);
  });
});
