// The sandbox payout rails (src/connectors/sandbox/payout-rails/): every magic destination of
// docs/payouts.md, the asynchronous outcome (a job due after SANDBOX_PAYOUT_DELAY_MS, or the slow
// delay), idempotent sends per (payout, attempt), outages and declines. Against the connector
// directly; the payouts lifecycle tests run the same rails through the API.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DestinationDetails } from '../../src/crypto/destination-vault.ts';
import { PayoutRailOutageError, PayoutSendDeclinedError, type PayoutRailOutcome } from '../../src/payout-rails/types.ts';
import { sandboxPayoutCardTokenScenarios, sandboxPayoutScenarios, sandboxPayoutSuffixScenarios } from '../../src/connectors/sandbox/payout-rails/scenarios.ts';
import type { TestService } from '../helpers/service.ts';
import { deliverDueSandboxPayoutOutcomes, sandboxDeliveryJobKeyPrefix } from '../../src/connectors/sandbox/payout-rails/deliver-due-outcomes-job.ts';
import { queuedJobs } from '../sub-merchants/helpers.ts';
import { startPayoutService } from './helpers.ts';

let service: TestService;

beforeAll(async () => {
  service = await startPayoutService({ SANDBOX_PAYOUT_DELAY_MS: '2000', SANDBOX_PAYOUT_SLOW_DELAY_MS: '60000' });
});
afterAll(async () => {
  await service?.close();
});

const send = (destination: DestinationDetails, attempt = 0, payoutId = randomUUID()) =>
  service.runtime.payouts.rails.connectorFor(destination.destination_type).sendPayout({
    payoutId, attempt, merchantId: service.merchantId, amount: 1000, currency: 'KES', destination,
  });

async function outcomeOf(destination: DestinationDetails, attempt = 0): Promise<PayoutRailOutcome> {
  const payoutId = randomUUID();
  await send(destination, attempt, payoutId);
  const sandbox = service.runtime.payouts.rails.sandboxFor(destination.destination_type)!;
  let seen: PayoutRailOutcome | null = null;
  expect(await sandbox.deliverOutcome(payoutId, attempt, async (outcome) => { seen = outcome; })).toBe('delivered');
  expect(await sandbox.deliverOutcome(payoutId, attempt, async () => { throw new Error('delivered twice'); })).toBe('already_delivered');
  return seen!;
}

describe('sandbox payout rails', () => {
  it('succeed by default, on every destination type', async () => {
    expect(await outcomeOf({ destination_type: 'mobile_money', phone: '+254712346789' })).toMatchObject({ status: 'success', failureReason: null });
    expect(await outcomeOf({ destination_type: 'bank', bank_code: '01', account_number: '0011223344', account_name: null })).toMatchObject({ status: 'success' });
    expect(await outcomeOf({ destination_type: 'card', card_token: 'tok_any' })).toMatchObject({ status: 'success' });
  });

  it('answer every magic value as docs/payouts.md says, per attempt', async () => {
    for (const [suffix, name] of Object.entries(sandboxPayoutSuffixScenarios)) {
      const scenario = sandboxPayoutScenarios[name];
      for (const attempt of [0, 1, 2, 3]) {
        const expected = scenario.outcomeOf(attempt);
        expect(await outcomeOf({ destination_type: 'mobile_money', phone: `+25470${suffix}` }, attempt)).toMatchObject(expected);
        expect(await outcomeOf({ destination_type: 'bank', bank_code: '01', account_number: `00${suffix}`, account_name: null }, attempt)).toMatchObject(expected);
      }
    }
    for (const [token, name] of Object.entries(sandboxPayoutCardTokenScenarios)) {
      expect(await outcomeOf({ destination_type: 'card', card_token: token })).toMatchObject(sandboxPayoutScenarios[name].outcomeOf(0));
    }
    // The documented rows themselves.
    expect(await outcomeOf({ destination_type: 'mobile_money', phone: '+254709900001' })).toMatchObject({ status: 'failed', failureReason: 'invalid_account' });
    expect(await outcomeOf({ destination_type: 'mobile_money', phone: '+254709900004' }, 0)).toMatchObject({ status: 'transient_failure', failureReason: 'rail_temporarily_unavailable' });
    expect(await outcomeOf({ destination_type: 'mobile_money', phone: '+254709900004' }, 2)).toMatchObject({ status: 'success' });
    expect(await outcomeOf({ destination_type: 'mobile_money', phone: '+254709900005' }, 3)).toMatchObject({ status: 'transient_failure' });
  });

  it('schedule the outcome after the delay (the slow destinations after the slow delay), delivered by a job due then', async () => {
    const payoutId = randomUUID();
    const before = Date.now();
    await send({ destination_type: 'mobile_money', phone: '+254712346789' }, 0, payoutId);
    const slowId = randomUUID();
    await send({ destination_type: 'mobile_money', phone: '+254709900006' }, 0, slowId);
    const dueAt = async (id: string) => (await service.sql<{ deliver_at: Date }[]>`
      select deliver_at from sandbox_payout_sends where payout_id = ${id}`)[0]!.deliver_at.getTime();
    expect(await dueAt(payoutId)).toBeGreaterThanOrEqual(before + 1_900);
    expect(await dueAt(payoutId)).toBeLessThan(before + 30_000);
    expect(await dueAt(slowId)).toBeGreaterThanOrEqual(before + 59_000);
    // A delivery job for each, due at the end of the 100 ms window its outcome falls due in.
    const runAts = (await queuedJobs(service, 'payout_rails.sandbox_deliver_due_outcomes')).map((job) => job.run_at.getTime());
    for (const id of [payoutId, slowId]) {
      const due = await dueAt(id);
      expect(runAts.some((at) => at >= due && at <= due + 100)).toBe(true);
    }
    // Delivered only once due: the batch callback takes neither now.
    const sandbox = service.runtime.payouts.rails.sandboxFor('mobile_money')!;
    const seen: string[] = [];
    await sandbox.deliverDueOutcomes(async (outcomes) => { seen.push(...outcomes.map((o) => o.payoutId)); }, 100);
    expect(seen).not.toContain(payoutId);
    expect(seen).not.toContain(slowId);
  });

  it('deliver due outcomes in batches; a failing handler leaves them leased, then taken again', async () => {
    const service2 = await startPayoutService({ SANDBOX_PAYOUT_DELAY_MS: '0' });
    try {
      const connector = service2.runtime.payouts.rails.connectorFor('card');
      const ids = Array.from({ length: 3 }, () => randomUUID());
      for (const payoutId of ids) {
        await connector.sendPayout({ payoutId, attempt: 0, merchantId: service2.merchantId, amount: 100, currency: 'KES', destination: { destination_type: 'card', card_token: 'tok_any' } });
      }
      const sandbox = service2.runtime.payouts.rails.sandboxFor('card')!;
      await expect(sandbox.deliverDueOutcomes(async () => { throw new Error('handler down'); }, 10)).rejects.toThrow('handler down');
      // Leased: another delivery does not take them while the lease lasts.
      expect(await sandbox.deliverDueOutcomes(async () => {}, 10)).toBe(0);
      await service2.sql`update sandbox_payout_sends set lease_until = now() - interval '1 second'`;
      const seen: string[] = [];
      expect(await sandbox.deliverDueOutcomes(async (outcomes) => { seen.push(...outcomes.map((o) => o.payoutId)); }, 2)).toBe(2);
      expect(await sandbox.deliverDueOutcomes(async (outcomes) => { seen.push(...outcomes.map((o) => o.payoutId)); }, 2)).toBe(1);
      expect(seen.sort()).toEqual([...ids].sort());
      expect(await sandbox.deliverDueOutcomes(async () => {}, 10)).toBe(0);
    } finally {
      await service2.close();
    }
  });

  it('a delivery takes the waiting jobs of its rail\'s windows already ended out of the queue (decision 0635)', async () => {
    const service2 = await startPayoutService({ SANDBOX_PAYOUT_DELAY_MS: '0' });
    try {
      const card: DestinationDetails = { destination_type: 'card', card_token: 'tok_any' };
      const mobile: DestinationDetails = { destination_type: 'mobile_money', phone: '+254712346789' };
      const sendTo = (destination: DestinationDetails) => service2.runtime.payouts.rails.connectorFor(destination.destination_type)
        .sendPayout({ payoutId: randomUUID(), attempt: 0, merchantId: service2.merchantId, amount: 100, currency: 'KES', destination });
      await sendTo(card);
      await new Promise((resolve) => setTimeout(resolve, 150)); // the next window
      await sendTo(card);
      await sendTo(mobile);
      const waiting = async () => await service2.sql<{ key: string; run_at: Date }[]>`
        select key, run_at from graphile_worker.jobs where task_identifier = 'payout_rails.sandbox_deliver_due_outcomes' and key is not null`;
      const cardJobs = (await waiting()).filter((job) => job.key.startsWith(sandboxDeliveryJobKeyPrefix('card')));
      expect(cardJobs.length).toBeGreaterThanOrEqual(2);
      const lastEnd = Math.max(...(await waiting()).map((job) => job.run_at.getTime()));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastEnd - Date.now()) + 50));
      expect(await deliverDueSandboxPayoutOutcomes(service2.runtime.jobDeps, 'card')).toBe(2);
      // The card rail's windows would have found nothing; the mobile money rail's keeps its job.
      const left = (await waiting()).map((job) => job.key);
      expect(left.filter((key) => key.startsWith(sandboxDeliveryJobKeyPrefix('card')))).toEqual([]);
      expect(left.filter((key) => key.startsWith(sandboxDeliveryJobKeyPrefix('mobile_money')))).toHaveLength(1);
    } finally {
      await service2.close();
    }
  });

  it('are idempotent per (payout, attempt), and refuse a reuse with another request', async () => {
    const payoutId = randomUUID();
    const destination = { destination_type: 'mobile_money', phone: '+254712346789' } as const;
    const first = await send(destination, 0, payoutId);
    expect(await send(destination, 0, payoutId)).toEqual(first);
    expect((await send(destination, 1, payoutId)).providerReference).not.toBe(first.providerReference);
    await expect(send({ destination_type: 'mobile_money', phone: '+254712340000' }, 0, payoutId)).rejects.toBeInstanceOf(PayoutSendDeclinedError);
    const [row] = await service.sql<{ n: number }[]>`select count(*)::int as n from sandbox_payout_sends where payout_id = ${payoutId}`;
    expect(row!.n).toBe(2);
  });

  it('go down when told, and record nothing then', async () => {
    service.runtime.payouts.rails.setSandboxRailDown('bank', true);
    const payoutId = randomUUID();
    await expect(send({ destination_type: 'bank', bank_code: '01', account_number: '0011223344', account_name: null }, 0, payoutId))
      .rejects.toBeInstanceOf(PayoutRailOutageError);
    service.runtime.payouts.rails.setSandboxRailDown('bank', false);
    const [row] = await service.sql<{ n: number }[]>`select count(*)::int as n from sandbox_payout_sends where payout_id = ${payoutId}`;
    expect(row!.n).toBe(0);
    // Only the type that is down: mobile money still answers.
    service.runtime.payouts.rails.setSandboxRailDown('bank', true);
    await expect(send({ destination_type: 'mobile_money', phone: '+254712346789' })).resolves.toHaveProperty('providerReference');
    service.runtime.payouts.rails.setSandboxRailDown('bank', false);
  });
});
