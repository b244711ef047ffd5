// The rail registry: breaker-wrapped sandbox connectors against a real PostgreSQL. Outages open a
// rail's breaker, an open breaker fails fast without calling the provider, and a probe after
// resetTimeout closes it again. Also the forced rail-down configuration.

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RailDeclinedError,
  RailOutageError,
  RailUnavailableError,
  createRailRegistry,
  railFailureOf,
  railRegistryConfigFromEnv,
  silentRailLogger,
  type CollectionInitiation,
  type RailConnector,
  type RailPayer,
  type RailRegistry,
  type RailRegistryConfig,
} from '../../src/rails/index.ts';
import { startTestDatabase, type TestDatabase } from './helpers/postgres.ts';

const RESET_TIMEOUT_MS = 300;
const SLOW_INITIATION_MS = 250;
/** Fail fast means no provider round trip; generous for a loaded CI machine. */

let db: TestDatabase;
let registries: RailRegistry[] = [];

beforeAll(async () => {
  db = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  await db?.stop();
});

beforeEach(async () => {
  await db.sql`TRUNCATE sandbox_rail_outcomes, sandbox_rail_initiations`;
});

afterEach(() => {
  for (const registry of registries) registry.close();
  registries = [];
});

function registryWith(config: RailRegistryConfig = {}): RailRegistry {
  const registry = createRailRegistry({
    sql: db.sql,
    config: {
      sandbox: { outcomeDelayMs: 50, slowInitiationMs: SLOW_INITIATION_MS, ...config.sandbox },
      breaker: { volumeThreshold: 3, errorThresholdPercentage: 50, resetTimeoutMs: RESET_TIMEOUT_MS, timeoutMs: 2_000, ...config.breaker },
    },
    logger: silentRailLogger,
  });
  registries.push(registry);
  return registry;
}

function collection(payer: RailPayer, overrides: Partial<CollectionInitiation> = {}): CollectionInitiation {
  return { transactionId: randomUUID(), merchantId: randomUUID(), amount: 5_000, currency: 'NGN', payer, reference: null, ...overrides };
}

async function initiationCount(): Promise<number> {
  const [row] = await db.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM sandbox_rail_initiations`;
  return row?.count ?? -1;
}

async function tripCardBreaker(card: RailConnector): Promise<void> {
  for (let call = 0; call < 3; call += 1) {
    await expect(card.initiateCollection(collection({ cardToken: 'tok_sandbox_outage' }))).rejects.toBeInstanceOf(RailOutageError);
  }
}

describe('circuit breaker per rail', () => {
  it('passes successful initiations through and stays closed', async () => {
    const registry = registryWith();
    const result = await registry.connectorFor('card').initiateCollection(collection({ cardToken: 'tok_sandbox_challenge' }));
    expect(result.actionUrl).toMatch(/\/card\/3ds\/CARD-/);
    expect(registry.breakerState('card')).toBe('closed');
    expect(registry.breakerSnapshots().map(({ rail, state }) => [rail, state])).toEqual([
      ['mobile_money', 'closed'],
      ['card', 'closed'],
      ['bank', 'closed'],
      ['ussd', 'closed'],
      ['qr', 'closed'],
    ]);
  });

  it('opens after outages, then rejects fast with RailUnavailableError without calling the provider', async () => {
    const registry = registryWith();
    const card = registry.connectorFor('card');
    await tripCardBreaker(card);
    expect(registry.breakerState('card')).toBe('open');

    const before = await initiationCount();
    // "Without calling the provider" is proven by the unchanged initiation count, not by a clock.
    const error = await card.initiateCollection(collection({ cardToken: 'tok_sandbox_success' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RailUnavailableError);
    expect((error as RailUnavailableError).rail).toBe('card');
    expect(railFailureOf(error)).toBe('rail_unavailable');
    expect(await initiationCount()).toBe(before);

    // Refunds of the rail are behind the same breaker.
    await expect(
      card.initiateRefund({ transactionId: randomUUID(), parentProviderReference: 'CARD-X', amount: 1, currency: 'NGN' }),
    ).rejects.toBeInstanceOf(RailUnavailableError);

    // Other rails have their own breakers.
    await expect(registry.connectorFor('mobile_money').initiateCollection(collection({ phone: '+2348030000000' }))).resolves.toBeDefined();
    expect(registry.breakerState('mobile_money')).toBe('closed');
    const snapshot = registry.breakerSnapshots().find((entry) => entry.rail === 'card');
    expect(snapshot?.stats).toMatchObject({ failures: 3, rejects: 2 });
  });

  it('stays closed below the volume threshold and when failures are under the threshold share', async () => {
    const registry = registryWith({ breaker: { volumeThreshold: 4 } });
    const card = registry.connectorFor('card');
    for (const token of ['tok_sandbox_outage', 'tok_sandbox_outage', 'tok_visa']) {
      await card.initiateCollection(collection({ cardToken: token })).catch(() => {});
    }
    expect(registry.breakerState('card')).toBe('closed');
    for (const token of ['tok_visa', 'tok_visa', 'tok_sandbox_outage']) {
      await card.initiateCollection(collection({ cardToken: token })).catch(() => {});
    }
    // 3 failures out of 6 = 50 %, which does not exceed 50 %.
    expect(registry.breakerState('card')).toBe('closed');
  });

  it('does not count declined (invalid) requests as failures', async () => {
    const registry = registryWith();
    const card = registry.connectorFor('card');
    for (let call = 0; call < 6; call += 1) {
      await expect(card.initiateCollection(collection({ cardToken: '4111111111111111' }))).rejects.toBeInstanceOf(RailDeclinedError);
    }
    expect(registry.breakerState('card')).toBe('closed');
  });

  it('half-opens after resetTimeout; a successful probe closes it', async () => {
    const registry = registryWith();
    const card = registry.connectorFor('card');
    await tripCardBreaker(card);
    expect(registry.breakerState('card')).toBe('open');
    await sleep(RESET_TIMEOUT_MS + 50);
    expect(registry.breakerState('card')).toBe('half_open');

    const probe = await card.initiateCollection(collection({ cardToken: 'tok_sandbox_success' }));
    expect(probe.providerReference).toMatch(/^CARD-/);
    expect(registry.breakerState('card')).toBe('closed');
    await expect(card.initiateCollection(collection({ cardToken: 'tok_visa' }))).resolves.toBeDefined();
  });

  it('half-open lets exactly one probe through; a failed probe opens it again', async () => {
    const registry = registryWith();
    const card = registry.connectorFor('card');
    await tripCardBreaker(card);
    await sleep(RESET_TIMEOUT_MS + 50);

    // The probe is slow; a second call while it is in flight fails fast.
    const probe = card.initiateCollection(collection({ cardToken: 'tok_sandbox_slow' }));
    await sleep(20);
    await expect(card.initiateCollection(collection({ cardToken: 'tok_visa' }))).rejects.toBeInstanceOf(RailUnavailableError);
    await expect(probe).resolves.toMatchObject({ providerReference: expect.stringMatching(/^CARD-/) });
    expect(registry.breakerState('card')).toBe('closed');

    await tripCardBreaker(card);
    await sleep(RESET_TIMEOUT_MS + 50);
    await expect(card.initiateCollection(collection({ cardToken: 'tok_sandbox_outage' }))).rejects.toBeInstanceOf(RailOutageError);
    expect(registry.breakerState('card')).toBe('open');
    await expect(card.initiateCollection(collection({ cardToken: 'tok_visa' }))).rejects.toBeInstanceOf(RailUnavailableError);
  });

  it('a provider slower than the breaker timeout is an outage; a retry with the same transactionId recovers its answer', async () => {
    const registry = registryWith({ breaker: { timeoutMs: 100 } });
    const bank = registry.connectorFor('bank');
    const request = collection({ accountRef: 'acct_sandbox_slow' });
    const error = await bank.initiateCollection(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RailOutageError);
    expect((error as RailOutageError).outageCause).toBe('timeout');

    // The provider did accept it (the ambiguous case): the retry returns the original reference at once.
    await sleep(SLOW_INITIATION_MS);
    const retried = await bank.initiateCollection(request);
    const [row] = await db.sql<{ provider_reference: string }[]>`
      SELECT provider_reference FROM sandbox_rail_initiations WHERE transaction_id = ${request.transactionId}`;
    expect(retried.providerReference).toBe(row?.provider_reference);
    expect(await initiationCount()).toBe(1);
  });
});

describe('forced rail down', () => {
  it('SANDBOX_RAILS_DOWN makes those rails fail for any input, opening their breakers; other rails work', async () => {
    const env = { SANDBOX_RAILS_DOWN: 'card, bank', SANDBOX_RAIL_OUTCOME_DELAY_MS: '50', RAIL_BREAKER_VOLUME_THRESHOLD: '3' };
    const fromEnv = railRegistryConfigFromEnv(env);
    expect(fromEnv.sandbox?.railsDown).toEqual(['card', 'bank']);
    const registry = registryWith({ sandbox: fromEnv.sandbox, breaker: fromEnv.breaker });

    for (let call = 0; call < 3; call += 1) {
      const error = await registry
        .connectorFor('bank')
        .initiateCollection(collection({ accountRef: 'acct_sandbox_success' }))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RailOutageError);
      expect((error as RailOutageError).outageCause).toBe('rail_forced_down');
    }
    expect(registry.breakerState('bank')).toBe('open');
    await expect(registry.connectorFor('bank').initiateCollection(collection({ accountRef: 'acct_1' }))).rejects.toBeInstanceOf(
      RailUnavailableError,
    );
    await expect(registry.connectorFor('card').initiateCollection(collection({ cardToken: 'tok_visa' }))).rejects.toBeInstanceOf(
      RailOutageError,
    );
    await expect(registry.connectorFor('qr').initiateCollection(collection({}))).resolves.toMatchObject({ actionUrl: expect.any(String) });
    expect(await initiationCount()).toBe(1);
  });

  it('a rail forced down at run time recovers through the half-open probe once back up', async () => {
    const registry = registryWith();
    registry.setSandboxRailDown('mobile_money', true);
    expect(registry.sandboxConfig().railsDown).toEqual(['mobile_money']);
    for (let call = 0; call < 3; call += 1) {
      await registry.connectorFor('mobile_money').initiateCollection(collection({ phone: '+254712345678' })).catch(() => {});
    }
    expect(registry.breakerState('mobile_money')).toBe('open');
    registry.setSandboxRailDown('mobile_money', false);
    await sleep(RESET_TIMEOUT_MS + 50);
    await expect(registry.connectorFor('mobile_money').initiateCollection(collection({ phone: '+254712345678' }))).resolves.toBeDefined();
    expect(registry.breakerState('mobile_money')).toBe('closed');
  });

  it('rejects unknown rail names and malformed numbers in the environment', () => {
    expect(() => railRegistryConfigFromEnv({ SANDBOX_RAILS_DOWN: 'card,cardz' })).toThrow(/cardz/);
    expect(() => railRegistryConfigFromEnv({ RAIL_BREAKER_TIMEOUT_MS: '5s' })).toThrow(/RAIL_BREAKER_TIMEOUT_MS/);
    expect(() => railRegistryConfigFromEnv({ RAIL_BREAKER_ERROR_THRESHOLD_PERCENTAGE: '150' })).toThrow(/errorThresholdPercentage/);
    expect(railRegistryConfigFromEnv({}).sandbox?.railsDown).toEqual([]);
    expect(() => registryWith().connectorFor('crypto' as never)).toThrow(/unknown rail/);
  });
});
