// auto_timeout escrow holds across real worker processes: the API (which runs no background work,
// as in production with separate workers) settles two escrowed payments whose holds are then due;
// a worker process is started and stopped (SIGTERM) before the recurring release pass could run,
// then two worker processes start together. Each hold is released exactly once (one ledger post,
// one escrow.released), whichever process runs the pass. The pass is minute-grained (graphile
// crontab), so this test waits up to about a minute for it.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { eventsOf } from '../../src/domain/events.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { killWorkerProcesses, startWorkerProcess, waitForValue, workerReadyLine } from '../helpers/worker-process.ts';
import { expectLedgerInvariants, settledCollection, walletBalance } from '../collections/helpers.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterEach(killWorkerProcesses);
afterAll(async () => { await service?.close(); });

const card = { rail: 'card' as const, payer_card_token: 'tok_sandbox_success' };
/** One crontab tick (a minute) plus a worker's start and a loaded machine's slack. */
const releaseTimeoutMs = 100_000;

it('releases due auto_timeout holds exactly once across a worker restart and two workers', { timeout: 180_000 }, async () => {
  const m = await service.createMerchant('auto release across workers');
  const created = await m.client.POST('/sub-merchants', {
    body: { display_name: 'Seller', type: 'individual', country: 'KE' }, params: { header: { 'Idempotency-Key': randomUUID() } },
  });
  const sm = created.data!.data.id;
  const rule = (await m.client.POST('/split-rules', { body: { name: 'held for a day', rule_type: 'percentage', escrow_timeout_hours: 24, recipients: [
    { recipient_type: 'sub_merchant', value: 50, escrow: true, escrow_release_condition: 'auto_timeout' },
  ] } as never })).data!.data;
  const payments = [
    await settledCollection(service, m.client, { amount: 2_000, currency: 'KES', ...card, sub_merchant_id: sm, split_rule_id: rule.id } as never),
    await settledCollection(service, m.client, { amount: 4_000, currency: 'KES', ...card, sub_merchant_id: sm, split_rule_id: rule.id } as never),
  ];
  expect(await walletBalance(service, sm, 'KES')).toEqual({ available: 0n, pending: 3_000n });

  // A worker that starts and stops before the holds are due moves nothing.
  const first = startWorkerProcess(service, {});
  await waitForValue(() => (workerReadyLine.test(first.output()) ? true : null), () => `the first worker to start:\n${first.output()}`, 30_000);
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(await walletBalance(service, sm, 'KES')).toEqual({ available: 0n, pending: 3_000n });

  // Now due (as if escrow_timeout_hours had passed), and two workers at once.
  await service.sql`update escrow_holds set release_at = now() - interval '1 minute' where transaction_id = any(${payments.map((p) => p.id)}::uuid[])`;
  const workers = [startWorkerProcess(service, {}), startWorkerProcess(service, {})];
  const released = await waitForValue(async () => {
    const rows = await service.sql<{ status: string }[]>`
      select status from escrow_holds where transaction_id = any(${payments.map((p) => p.id)}::uuid[])`;
    return rows.length === 2 && rows.every((row) => row.status === 'released') ? rows : null;
  }, () => `the holds to be released:\n${workers.map((w) => w.output()).join('\n---\n')}`, releaseTimeoutMs);
  expect(released).toHaveLength(2);
  expect(await walletBalance(service, sm, 'KES')).toEqual({ available: 3_000n, pending: 0n });
  for (const payment of payments) {
    expect((await eventsOf(service.sql, payment.id)).filter((event) => event.type === 'escrow.released')).toHaveLength(1);
  }
  const passes = workers.map((w) => (w.output().match(/released auto_timeout escrow holds/g) ?? []).length);
  expect(passes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
  for (const worker of workers) worker.child.kill('SIGTERM');
  expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
  await expectLedgerInvariants(service);
});
